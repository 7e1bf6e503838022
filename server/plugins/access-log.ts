import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How often the summary of answered requests is written (at `info`), unless told otherwise. */
export const ACCESS_SUMMARY_MS = 60_000;

interface Tally {
  total: number;
  ok: number;
  clientErrors: number;
  serverErrors: number;
  slowest: { route: string; ms: number } | null;
}

const empty = (): Tally => ({ total: 0, ok: 0, clientErrors: 0, serverErrors: 0, slowest: null });

/**
 * The access log. Every answered request is one line at `debug` (method, path, status, time);
 * at `info` the server writes one summary line a minute instead (how many requests, how many
 * failed, the slowest route), and nothing when there was no traffic. Failures of the server's own
 * making are logged where they happen (errors.ts), with the request.
 */
export const accessLogPlugin = fp(async (app: FastifyInstance, opts: { summaryMs?: number }) => {
  let tally = empty();

  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const status = reply.statusCode;
    request.log.debug(
      { method: request.method, url: request.url, status, ms },
      `${request.method} ${request.url} ${status} ${ms} ms`,
    );
    tally.total++;
    if (status >= 500) tally.serverErrors++;
    else if (status >= 400) tally.clientErrors++;
    else tally.ok++;
    if (!tally.slowest || ms > tally.slowest.ms) {
      tally.slowest = { route: `${request.method} ${request.routeOptions.url ?? '?'}`, ms };
    }
  });

  const summarise = () => {
    if (tally.total === 0) return;
    const { total, ok, clientErrors, serverErrors, slowest } = tally;
    tally = empty();
    const failed = clientErrors + serverErrors;
    const text =
      `${total} request${total === 1 ? '' : 's'} answered` +
      (failed > 0 ? ` (${clientErrors} refused or invalid, ${serverErrors} server errors)` : '') +
      (slowest ? `; slowest ${slowest.route} ${slowest.ms} ms` : '');
    const fields = {
      requests: total,
      ok,
      client_errors: clientErrors,
      server_errors: serverErrors,
    };
    if (serverErrors > 0) app.log.warn(fields, text);
    else app.log.info(fields, text);
  };
  const timer = setInterval(summarise, opts.summaryMs ?? ACCESS_SUMMARY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    summarise();
  });
});
