// The plain-HTTP port (PORT) beside the server's own HTTPS. The browser counts a page on this
// machine's loopback address as secure, so there the whole app answers as before (`npm start`,
// then http://localhost:8080). From any other address a page over plain HTTP would get no service
// worker, no persistent storage and no camera, so this port only leads to HTTPS: page loads go
// through the setup page (which downloads the server's CA and forwards as soon as the device
// trusts it), everything else is redirected with 308 (method and body kept). GET /api/health
// answers here too, for monitors and balancers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { certificateDer } from './certificates';
import {
  canonicalHost,
  certificateCovers,
  isLoopbackAddress,
  isLoopbackHost,
  urlHost,
} from './hosts';
import type { TlsInfo } from './info';
import { safeNext, setupPage } from './setup-page';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The host name of a Host header (`[::1]:8080` → `::1`), or null when it is not one. */
export function hostOf(header: string | undefined): string | null {
  if (!header) return null;
  try {
    const { hostname } = new URL(`http://${header}/`);
    return hostname ? canonicalHost(hostname) : null;
  } catch {
    return null;
  }
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer = '',
): void {
  res.writeHead(status, {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

export function plainHttpHandler(app: Handler, tls: () => TlsInfo): Handler {
  return (req, res) => {
    const host = hostOf(req.headers.host);
    const url = new URL(req.url ?? '/', 'http://placeholder');
    if (host === null) {
      return send(res, 400, { 'Content-Type': 'text/plain' }, 'A Host header is needed.\n');
    }
    // Loopback both by name and by the connection: a LAN device naming `localhost` in its Host
    // header does not get the app over plain HTTP.
    const here = isLoopbackHost(host) && isLoopbackAddress(req.socket.remoteAddress ?? '');
    if (here || url.pathname === '/api/health') return app(req, res);
    const info = tls();
    const port = info.httpsPort === 443 ? '' : `:${info.httpsPort}`;
    const httpsOrigin = `https://${urlHost(host)}${port}`;
    const page = req.method === 'GET' || req.method === 'HEAD';
    if (page && url.pathname === '/setup/ca.crt' && info.caCertPem) {
      return send(
        res,
        200,
        {
          'Content-Type': 'application/x-x509-ca-cert',
          'Content-Disposition': 'attachment; filename="brick-warehouse-ca.crt"',
        },
        req.method === 'HEAD' ? '' : certificateDer(info.caCertPem),
      );
    }
    if (page && (url.pathname === '/setup' || url.pathname === '/setup/')) {
      const { html, nonce } = setupPage({
        info,
        host,
        httpsOrigin,
        next: safeNext(url.searchParams.get('next')),
        hostCovered: certificateCovers(info.hosts, host),
      });
      return send(
        res,
        200,
        {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src ${httpsOrigin}; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
          'X-Frame-Options': 'DENY',
        },
        req.method === 'HEAD' ? '' : html,
      );
    }
    const path = `${url.pathname}${url.search}`;
    // A device that does not trust the own CA yet would meet a certificate warning: page loads go
    // through the setup page, which forwards at once where the CA is trusted.
    if (page && info.source === 'own-ca' && !url.pathname.startsWith('/api/')) {
      return send(res, 302, { Location: `/setup?next=${encodeURIComponent(path)}` });
    }
    send(res, 308, { Location: `${httpsOrigin}${path}` });
  };
}
