import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../contract/errors';
import type { Access } from './access';

/**
 * How one route appears in the OpenAPI document, derived from what the route itself declares: its
 * access rule (plugins/access.ts), its method, and whether it has path parameters, a query string
 * or a body. Nothing here is written per route: a new route is documented the same way.
 */

/** The shared error body, as the component every error answer references. */
export const ERROR_SCHEMA_NAME = 'ErrorBody';
export const ERROR_SCHEMA_REF = `#/components/schemas/${ERROR_SCHEMA_NAME}`;

type JsonSchema = Record<string, unknown>;
type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];

/** The error body converted exactly as route response schemas are (to spot hand-declared ones). */
export const errorBodySchema = jsonSchemaTransform({
  schema: { response: { 400: ErrorBody } },
  url: '/',
  openapiObject: { openapi: '3.0.3' },
} as unknown as TransformInput).schema.response as Record<string, JsonSchema>;
export const errorBodyJson = errorBodySchema[400];

/** What the access rule means in words: one line of the operation's description. */
export function accessText(access: Access): string {
  if (access === 'public') return 'Access: public (no access token needed).';
  if (access === 'user') return 'Access: any signed-in user.';
  return `Access: a signed-in user holding one of the roles ${access.join(', ')}.`;
}

const retryAfter = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again' },
};

/**
 * The error answers a route can give, with why. Each rule reads only the route's declaration:
 * - 400: it has a query, body, path or header schema to validate;
 * - 401, 403: its access rule is not 'public' (the token is checked, then roles and company);
 * - 404: it names a row: a path parameter, or an `id`/`…_id` field in its query or body;
 * - 409: it changes data for a signed-in caller (the change can clash with the current state);
 * - 413: it accepts a body (a body schema, or POST/PUT/PATCH: the body limit applies);
 * - 503: always (every route reaches the database; the error handler answers 503 when it cannot).
 * 429 is documented where the route declares it (sign-in throttling lives in its handler).
 */
export function errorAnswers(
  method: string,
  access: Access,
  schema: JsonSchema,
): Map<number, string> {
  const out = new Map<number, string>();
  const { querystring, body, params, headers } = schema;
  if (querystring || body || params || headers) {
    out.set(400, 'Invalid input: a query, body or path field does not match the schema.');
  }
  if (access !== 'public') {
    out.set(401, 'Not signed in, or the access token has expired or was revoked.');
    out.set(
      403,
      access === 'user'
        ? 'Permission denied: the data belongs to another company or needs another role.'
        : `Permission denied: the caller holds none of the roles ${access.join(', ')}.`,
    );
  }
  if (namesARow(schema)) out.set(404, "Not found: no such row in the caller's company.");
  const writes = method !== 'GET' && method !== 'HEAD';
  if (writes && access !== 'public') {
    out.set(409, 'Conflict: the change clashes with the current state of the data.');
  }
  if (body || ['POST', 'PUT', 'PATCH'].includes(method)) {
    out.set(413, 'The request body is too large.');
  }
  out.set(503, 'The server cannot reach its database right now; try again after Retry-After.');
  return out;
}

function namesARow(schema: JsonSchema): boolean {
  const params = schema.params as JsonSchema | undefined;
  if (params && Object.keys((params.properties as object | undefined) ?? {}).length > 0) {
    return true;
  }
  return [schema.querystring, schema.body].some((part) =>
    Object.keys(((part as JsonSchema | undefined)?.properties as object | undefined) ?? {}).some(
      (name) => name === 'id' || name.endsWith('_id'),
    ),
  );
}

function errorResponse(status: number, description: string): JsonSchema {
  return {
    $ref: ERROR_SCHEMA_REF,
    description,
    ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
  };
}

type SecurityRequirement = Record<string, string[]>;

const isErrorBody = (s: unknown) => JSON.stringify(s) === JSON.stringify(errorBodyJson);

const DECLARED_ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input.',
  401: 'The credentials or the token sent were refused.',
  429: 'Too many attempts: wait for Retry-After before trying again.',
  503: 'The server is busy or cannot reach its database: try again after Retry-After.',
};

/**
 * The transform @fastify/swagger runs for each route: the zod schemas become JSON schemas, then
 * the operation gets its security, its access rule (`x-access`, `x-roles` and a description line)
 * and every error answer it can give, each referencing the shared error body.
 */
export const documentOperation: Transform = (input) => {
  const converted = jsonSchemaTransform(input);
  // A route without any schema is documented too.
  const schema = (converted.schema ?? {}) as JsonSchema;
  if (schema.hide || !input.url.startsWith('/api')) return converted;
  const route = input.route as RouteOptions;
  const access = (route.config as { access?: Access } | undefined)?.access ?? 'public';
  const method = [route.method].flat()[0].toUpperCase();

  const response: Record<string, JsonSchema> = {
    ...((schema.response as Record<string, JsonSchema> | undefined) ?? {}),
  };
  if (!Object.keys(response).some((code) => code.startsWith('2'))) {
    response[200] = { type: 'null', description: 'Done.' };
  }
  // Error answers the route declares with the shared body are documented like generated ones.
  for (const [code, declared] of Object.entries(response)) {
    const status = Number(code);
    if (status >= 400 && isErrorBody(declared)) {
      response[code] = errorResponse(status, DECLARED_ERROR_TEXT[status] ?? 'Refused.');
    }
  }
  for (const [status, description] of errorAnswers(method, access, schema)) {
    const declared = response[status];
    if (!declared || declared.$ref === ERROR_SCHEMA_REF) {
      response[status] = errorResponse(status, description);
    }
  }

  const roles = Array.isArray(access) ? [...access] : [];
  const description = [schema.description, accessText(access)].filter(Boolean).join('\n\n');
  return {
    url: converted.url,
    schema: {
      ...schema,
      description,
      // A route that names its own scheme (Basic sign-in, a refresh or e-mailed token) keeps it.
      security:
        (schema.security as SecurityRequirement[] | undefined) ??
        (access === 'public' ? [] : [{ bearer: [] }]),
      'x-access': Array.isArray(access) ? 'roles' : access,
      'x-roles': roles,
      response,
    },
  };
};
