import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import { LABELS_PRINT_SCRIPT } from '../modules/locations/labels';

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
 * - Strict-Transport-Security only when the public address is https (never on plain http, where
 *   it would be ignored anyway and break a local setup moved behind TLS later).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string }) => {
    const headers = securityHeaders(opts.publicUrl.startsWith('https://'));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
);

/**
 * The headers, worked out once: helmet builds them from the options (and would parse the policy
 * again on every request if it ran as a per-request hook).
 */
function securityHeaders(https: boolean): Record<string, string> {
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
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  middleware(
    {} as Parameters<typeof middleware>[0],
    response as unknown as Parameters<typeof middleware>[1],
    () => {},
  );
  return headers;
}
