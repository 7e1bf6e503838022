import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody } from '../../contract/errors';
import type { RouteAccess } from '../app';
import { createTestApp, loginAs, type TestApp } from '../test/helpers';
import type { Access } from './access';
import { accessPlugin } from './access';
import { apiDocsPlugin } from './api-docs';
import { ERROR_SCHEMA_REF } from './openapi-operation';

interface Response {
  $ref?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
  headers?: Record<string, unknown>;
}
interface Operation {
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, Response>;
  'x-access'?: string;
  'x-roles'?: string[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, { type: string; scheme?: string }>;
  };
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ where: `${method} ${path}`, path, method, op })),
  );

/** What every operation must say, given the access rule its route declares. */
function expectDocumented(doc: Document, where: string, op: Operation, access: Access) {
  const codes = Object.keys(op.responses);
  expect(op.security, where).toBeDefined();
  for (const requirement of op.security!) {
    for (const scheme of Object.keys(requirement)) {
      expect(doc.components.securitySchemes[scheme], `${where}: ${scheme}`).toBeDefined();
    }
  }
  if (access === 'public') {
    expect(op['x-access'], where).toBe('public');
    expect(codes, where).not.toContain('403');
  } else {
    expect(op.security, where).toEqual([{ bearer: [] }]);
    expect(codes, where).toEqual(expect.arrayContaining(['401', '403']));
  }
  expect(op['x-roles'], where).toEqual(Array.isArray(access) ? access : []);
  expect(op['x-access'], where).toBe(Array.isArray(access) ? 'roles' : access);
  for (const role of Array.isArray(access) ? access : []) {
    expect(op.description, where).toContain(role);
  }
  const params = op.parameters ?? [];
  if (op.requestBody || params.length > 0) expect(codes, where).toContain('400');
  if (params.some((p) => p.in === 'path')) expect(codes, where).toContain('404');
  if (op.requestBody) expect(codes, where).toContain('413');
  expect(codes, where).toContain('503');
  expect(
    codes.some((c) => c.startsWith('2')),
    where,
  ).toBe(true);
  for (const code of codes.filter((c) => Number(c) >= 400)) {
    const schema = op.responses[code].content?.['application/json']?.schema;
    expect(schema, `${where} ${code}`).toEqual({ $ref: ERROR_SCHEMA_REF });
  }
}

/** Every `$ref` in the document names a component that exists. */
function danglingRefs(doc: Document): string[] {
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
  return refs
    .map((r) => r.slice('"$ref":"'.length, -1))
    .filter((ref) => !doc.components.schemas[ref.replace('#/components/schemas/', '')]);
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.0.3 document whose references all resolve', async () => {
    expect(doc.openapi).toBe('3.0.3');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(danglingRefs(doc)).toEqual([]);
    expect(doc.components.schemas.ErrorBody).toEqual(
      z.toJSONSchema(ErrorBody, { target: 'openapi-3.0' }),
    );
  });

  it('documents every API route, and every operation states security, roles and errors', () => {
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD');
    const key = (r: Pick<RouteAccess, 'method' | 'url'>) =>
      `${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`;
    const documented = operationsOf(doc).filter((o) => o.path.startsWith('/api/'));
    expect(documented.map((o) => o.where).sort()).toEqual(routes.map(key).sort());
    expect(documented.length).toBeGreaterThan(50);
    for (const route of routes) {
      const op = doc.paths[key(route).split(' ')[1]][route.method.toLowerCase()];
      expectDocumented(doc, key(route), op, route.access!);
    }
  });

  it('lists a 401 for every operation that asks for credentials', () => {
    const secured = operationsOf(doc).filter(({ op }) =>
      (op.security ?? []).some((requirement) => Object.keys(requirement).length > 0),
    );
    expect(secured.length).toBeGreaterThan(100);
    expect(secured.filter(({ op }) => !op.responses['401']).map((o) => o.where)).toEqual([]);
  });

  it('lists the roles of known routes as their access rules declare them', () => {
    const op = (method: string, path: string) => doc.paths[path][method];
    expect(op('get', '/api/user')['x-roles']).toEqual(['admin']);
    expect(op('get', '/api/company')['x-roles']).toEqual(['brick_admin']);
    expect(op('get', '/api/v1/audit')['x-roles']).toEqual(['admin', 'brick_admin']);
    expect(op('get', '/api/v1/inventory')['x-roles']).toEqual(['sales_manager']);
    expect(op('put', '/api/v1/location')['x-roles']).toEqual(['warehouse_manager']);
    expect(op('get', '/api/v1/sync/pull')['x-access']).toBe('user');
    for (const path of ['/api/health', '/api/login/password_reset']) {
      const public_ = Object.values(doc.paths[path])[0];
      expect(public_.security, path).toEqual([]);
      expect(Object.keys(public_.responses), path).not.toContain('401');
    }
    // The sign-in names its own scheme and its throttling answer.
    expect(op('post', '/api/login').security).toEqual([{ basic: [] }]);
    expect(op('post', '/api/login').responses['429'].headers).toHaveProperty('Retry-After');
  });

  it('documents the answers the server really gives', async () => {
    const picker = await loginAs(t.app, 'picker@demo.test');
    const tooLarge = JSON.stringify({ x: 'a'.repeat(1100 * 1024) });
    const cases = [
      { method: 'get', url: '/api/user', auth: undefined, status: 401 },
      { method: 'get', url: '/api/user', auth: picker, status: 403 },
      { method: 'get', url: '/api/v1/location?location_id=abc', auth: picker, status: 400 },
      { method: 'post', url: '/api/logout', auth: undefined, status: 413, payload: tooLarge },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method.toUpperCase() as 'GET',
        url: c.url,
        headers: {
          ...(c.auth ? { authorization: c.auth } : {}),
          ...(c.payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(c.payload ? { payload: c.payload } : {}),
      });
      expect(res.statusCode, c.url).toBe(c.status);
      expect(ErrorBody.safeParse(res.json()).success, c.url).toBe(true);
      const path = c.url.split('?')[0];
      expect(Object.keys(doc.paths[path][c.method].responses), c.url).toContain(String(c.status));
    }
  });
});

describe('a new route', () => {
  it('is documented from its declaration alone', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(accessPlugin, { jwtSecret: 'x'.repeat(32) });
    await app.register(apiDocsPlugin, { apiDocs: 'public', jwtSecret: 'x'.repeat(32) });
    const access: Access = ['warehouse_manager'];
    app.put(
      '/api/v1/shelf/:shelf_id',
      {
        config: { access },
        schema: {
          params: z.object({ shelf_id: z.coerce.number().int() }),
          body: z.object({ name: z.string() }),
          response: { 200: z.object({ ok: z.boolean() }) },
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/api/v1/shelf_count', { config: { access: 'user' } }, async () => ({ n: 1 }));
    await app.ready();
    const generated = app.swagger() as unknown as Document;
    const op = generated.paths['/api/v1/shelf/{shelf_id}'].put;
    expectDocumented(generated, 'new route', op, access);
    expect(Object.keys(op.responses).sort()).toEqual(
      ['200', '400', '401', '403', '404', '409', '413', '503'].sort(),
    );
    const count = generated.paths['/api/v1/shelf_count'].get;
    expectDocumented(generated, 'new list', count, 'user');
    expect(Object.keys(count.responses).sort()).toEqual(['200', '401', '403', '503']);
    await app.close();
  });
});
