import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { SessionUser } from '../auth/tokens';
import type { Database } from '../db/schema';
import type { Access } from '../plugins/access';
import { inTransaction, type WriteCtx } from '../write/context';

/**
 * The one way an API route is declared (docs/architecture.md, "Declaring a route"): who may call
 * it, what it reads and answers (schemas from contract/), and a handler that gets the parsed input,
 * the caller and `change` — the write context — instead of the raw request. The OpenAPI document,
 * the access check and validation all come from this declaration.
 */

type Schema = z.ZodType;
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

/** The success status a route answers with (200 unless it says otherwise). */
type Status = 200 | 201 | 202 | 204;

export interface RouteSpec<Q, B, P, A> {
  /** Who may call it: 'public', 'user' (any signed-in user) or a list of roles. */
  access: Access;
  summary?: string;
  description?: string;
  query?: Q;
  body?: B;
  params?: P;
  /** The success answer's schema; a route without one answers with an empty body. */
  answer?: A;
  status?: Status;
  /** Further answers documented beside the success one (e.g. `{ 210: NoContent }`). */
  otherAnswers?: Record<number, Schema>;
  /**
   * The OpenAPI security of a route that takes other credentials than the access token (Basic
   * sign-in, a refresh or e-mailed token in the bearer header); others get theirs from `access`.
   */
  security?: Record<string, string[]>[];
  /** Fastify route options beyond the schema, such as `bodyLimit`. */
  options?: { bodyLimit?: number };
}

/** What a handler is given: the parsed input, the caller, and the write context. */
export interface RouteCall<Q, B, P> {
  query: Parsed<Q>;
  body: Parsed<B>;
  params: Parsed<P>;
  /** The signed-in caller (not set on 'public' routes). */
  user: SessionUser;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Runs `fn` in one transaction with the caller's write context (see server/write/context.ts). */
  change: <T>(fn: (trx: Transaction<Database>, ctx: WriteCtx) => Promise<T>) => Promise<T>;
}

type Answer<A> = A extends Schema ? z.input<A> : unknown;
type Handler<Q, B, P, A> = (call: RouteCall<Q, B, P>) => Promise<Answer<A> | FastifyReply>;
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface Routes {
  get: Declare;
  head: Declare;
  post: Declare;
  put: Declare;
  delete: Declare;
  patch: Declare;
}

type Declare = <
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  A extends Schema | undefined = undefined,
>(
  url: string,
  spec: RouteSpec<Q, B, P, A>,
  handler: Handler<Q, B, P, A>,
) => void;

/** The route declarer of one module: every route it declares is tagged `tag` in the API docs. */
export function routesOf(app: FastifyInstance, tag: string): Routes {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const declare =
    (method: Method): Declare =>
    (url, spec, handler) => {
      const status = spec.status ?? 200;
      const response: Record<number, Schema> = { ...spec.otherAnswers };
      if (spec.answer) response[status] = spec.answer;
      const schema: FastifySchema = {
        tags: [tag],
        ...(spec.summary !== undefined && { summary: spec.summary }),
        ...(spec.description !== undefined && { description: spec.description }),
        ...(spec.security && { security: spec.security }),
        ...(spec.query && { querystring: spec.query }),
        ...(spec.body && { body: spec.body }),
        ...(spec.params && { params: spec.params }),
        ...(Object.keys(response).length > 0 && { response }),
      };
      r.route({
        method,
        url,
        ...spec.options,
        config: { access: spec.access },
        schema,
        handler: async (request, reply) => {
          const call = {
            query: request.query,
            body: request.body,
            params: request.params,
            user: request.user,
            request,
            reply,
            change: (fn) => inTransaction(app.db, request.user, fn),
          } as Parameters<typeof handler>[0];
          const answer = await handler(call);
          if (answer === reply) return reply;
          if (status !== 200) reply.code(status);
          return answer ?? reply.send();
        },
      });
    };
  return {
    get: declare('GET'),
    head: declare('HEAD'),
    post: declare('POST'),
    put: declare('PUT'),
    delete: declare('DELETE'),
    patch: declare('PATCH'),
  };
}
