import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorBody, ErrorCode } from '../../contract/errors';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';

/**
 * Every failure answers with `{"errors":[{"detail","code"}]}`. Client mistakes are 4xx with a
 * message; only our own faults are 500, and those are logged with the request.
 */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { spaIndex: boolean }) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // "Not now": clients wait this long before trying again.
      if (err.statusCode === 503 && !reply.hasHeader('Retry-After'))
        reply.header('Retry-After', '5');
      // Too much asked at once (a full job queue): a minute is when it is worth asking again.
      if (err.statusCode === 429 && !reply.hasHeader('Retry-After'))
        reply.header('Retry-After', '60');
      return reply.status(err.statusCode).send(errorBody(err.message, err.code));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => {
        const where = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        const part = err.validationContext ?? 'request';
        return {
          detail: `Invalid ${part}${where ? ` field '${where}'` : ''}: ${v.message}`,
          code: ErrorCode.validation,
        };
      });
      return reply.status(400).send({ errors: details });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send(errorBody('The request body is too large.', ErrorCode.tooLarge));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(err.message, err.code ?? ErrorCode.validation));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'request failed: the database is unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send(
          errorBody(
            'The server cannot reach its database right now. Try again.',
            ErrorCode.unavailable,
          ),
        );
    }
    request.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send(errorBody('Something went wrong on the server.', ErrorCode.internal));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      return reply
        .status(404)
        .send(
          errorBody(
            `No such API route: ${request.method} ${request.url.split('?')[0]}`,
            ErrorCode.notFound,
          ),
        );
    }
    if (opts.spaIndex && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: client routes are answered by the PWA's shell.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('Not found', ErrorCode.notFound));
  });
});
