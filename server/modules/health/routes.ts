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
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database: app.dialect };
    },
  );
}
