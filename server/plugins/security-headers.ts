import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import { LABELS_PRINT_SCRIPT } from '../modules/locations/labels';
import { isLoopbackHost } from '../tls/hosts';

/** The CSP source of the one inline script the server writes (the label page's Print button). */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * Security headers on every answer: the PWA's files, the API, the label page, the docs and the
 * 404s. No CORS headers are ever sent: the API is for its own origin only.
 *
 * - Content-Security-Policy: scripts only from this origin (plus the label page's print script,
 *   allowed by its hash; the page is opened from a blob: URL and so keeps the PWA's policy), no
 *   plugins, no framing by anyone (frame-ancestors 'none').
 *   Inline styles stay allowed ('unsafe-inline' in style-src): Mantine writes <style> tags and
 *   style attributes at run time, and so do Swagger UI and the label page. A style cannot run
 *   code, and no script is allowed inline.
 *   Pictures (img-src) and the service worker's fetches of them (connect-src) may come from any
 *   https host: catalog pictures live on outside hosts.
 * - X-Content-Type-Options: nosniff; Referrer-Policy: no-referrer (a /set_password link carries
 *   its token in the path); X-Frame-Options: DENY for older browsers.
 * - On answers over HTTPS only (the server's own, or a proxy's in front, as X-Forwarded-Proto
 *   tells when TRUST_PROXY is on): upgrade-insecure-requests, and Strict-Transport-Security when
 *   `hsts` (the public address is https on the standard port). Never over plain HTTP: the
 *   loopback address keeps working over http://localhost. HSTS keeps a non-standard port when it
 *   upgrades, so with HTTPS on 8443 it would send http://host:8080 (the setup page's port) to
 *   https://host:8080, which speaks plain HTTP: no HSTS there.
 * - Cross-Origin-Opener-Policy only where browsers honour it (HTTPS and the loopback address):
 *   on plain HTTP by a LAN address Chromium ignores it and says so in the console.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { hsts: boolean }) => {
  const secure = securityHeaders({ https: true, hsts: opts.hsts, opener: true });
  const loopback = securityHeaders({ https: false, hsts: false, opener: true });
  const plain = securityHeaders({ https: false, hsts: false, opener: false });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.headers(secure);
    else reply.headers(isLoopbackHost(request.hostname) ? loopback : plain);
    done();
  });
});

/**
 * The headers, worked out once: helmet builds them from the options (and would parse the policy
 * again on every request if it ran as a per-request hook).
 */
function securityHeaders({
  https,
  hsts,
  opener,
}: {
  https: boolean;
  hsts: boolean;
  opener: boolean;
}): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name] = String(value)),
    removeHeader: () => {},
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", scriptHash(LABELS_PRINT_SCRIPT)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: opener ? { policy: 'same-origin' } : false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  middleware(
    {} as Parameters<typeof middleware>[0],
    response as unknown as Parameters<typeof middleware>[1],
    () => {},
  );
  return headers;
}
