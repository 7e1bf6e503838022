import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { bearerFrom, verifyAccessToken } from '../auth/tokens';
import type { ApiDocsMode } from '../config';
import { unauthorized } from '../errors';
import { documentOperation, ERROR_SCHEMA_NAME, errorBodyJson } from './openapi-operation';

/**
 * The OpenAPI 3.0.3 document (`/api/docs/json`) and its pages (`/api/docs`). Every operation is
 * described from its route's own declaration (see openapi-operation.ts). Register it before the
 * routes: it collects them as they are added.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance, opts: { apiDocs: ApiDocsMode; jwtSecret: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Brick Warehouse API', version: '1' },
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              description:
                'The access token from POST /api/login. The few public routes that take another ' +
                'token (the refresh token, an e-mailed link token) say so in their summary.',
            },
            basic: { type: 'http', scheme: 'basic', description: 'E-mail and password (sign-in)' },
          },
          schemas: { [ERROR_SCHEMA_NAME]: errorBodyJson as never },
        },
      },
      transform: documentOperation,
    });
    if (opts.apiDocs === 'off') return;
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The docs hold no company data; API_DOCS=signed-in still keeps them from strangers.
      uiHooks:
        opts.apiDocs === 'signed-in'
          ? {
              onRequest: async (request) => {
                const token = bearerFrom(request.headers.authorization);
                if (!token || !(await verifyAccessToken(opts.jwtSecret, token))) {
                  throw unauthorized();
                }
              },
            }
          : undefined,
    });
  },
);
