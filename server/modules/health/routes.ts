import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { routesOf } from '../../http/routes';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  routesOf(app, 'health').get(
    '/health',
    {
      access: 'public',
      answer: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }),
    },
    async ({ reply }) => {
      // The setup page a new device opens over plain HTTP probes this at the HTTPS address (an
      // opaque no-cors fetch) to learn whether the device trusts the server yet; the default
      // same-origin resource policy would block even that. Nothing here is private.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database: app.dialect };
    },
  );
}
