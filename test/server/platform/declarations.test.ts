import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callCodes, declareCall, fullPath } from '../../../contract/call.ts';
import { ALL_CALLS } from '../../../contract/calls/index.ts';
import { ERROR_CODES } from '../../../contract/errors.ts';
import { allRoutes, answerError, createApp } from '../../../server/app.ts';
import { DomainError } from '../../../server/domain/errors.ts';
import { RefusalMemory } from '../../../server/domain/refusal-memory.ts';
import type { AppEnv, RouteDeps } from '../../../server/http.ts';
import { openApiDocument } from '../../../server/openapi.ts';
import { mountRoutes, route } from '../../../server/routes/mount.ts';
import { PUBLIC_URL, startTestServer, type TestServer } from '../support.ts';

/** The call declarations (contract/calls) against what the server mounts and answers. */
describe('call declarations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('every declaration is mounted exactly once', () => {
    const routes = allRoutes({ ...server.deps, sessions: null as never, holdMemory: new RefusalMemory(), passwordMemory: new RefusalMemory() } as RouteDeps);
    const mounted = routes.map((r) => r.declaration);
    expect(new Set(mounted)).toEqual(new Set(ALL_CALLS));
    expect(mounted).toHaveLength(ALL_CALLS.length);
  });

  /**
   * What the app answers under /api or /auth that is not a declared call, each with its reason.
   * Third-party sign-in's local identity provider lives at /oidc-local, outside both.
   */
  const UNDECLARED: Record<string, string> = {
    // The OpenAPI document of the declarations themselves, in development only (tested below).
    'GET /api/openapi.json': 'describes the declared calls',
    // The fallbacks: anything else under the areas is 404 `notFound` in the envelope.
    'ALL /api': 'notFound',
    'ALL /api/*': 'notFound',
    'ALL /auth': 'notFound',
    'ALL /auth/*': 'notFound',
  };

  /** Every method and path the app routes under /api or /auth, as Hono lists them (`app.routes`). */
  const routedUnder = (app: Hono) => new Set(app.routes.filter((r) => /^\/(api|auth)(\/|$)/.test(r.path)).map((r) => `${r.method} ${r.path}`));

  it('nothing else is mounted under /api or /auth, in development or production', () => {
    const declared = ALL_CALLS.map((call) => `${call.method.toUpperCase()} ${fullPath(call)}`);
    const development = routedUnder(createApp(server.deps));
    expect([...development].sort()).toEqual([...declared, ...Object.keys(UNDECLARED)].sort());
    const production = routedUnder(createApp({ ...server.deps, config: { ...server.deps.config, production: true } }));
    expect([...production].sort()).toEqual([...declared, ...Object.keys(UNDECLARED).filter((key) => key !== 'GET /api/openapi.json')].sort());
  });

  it('names and method+path pairs are unique, and every code is in the catalogue', () => {
    expect(new Set(ALL_CALLS.map((call) => call.name)).size).toBe(ALL_CALLS.length);
    expect(new Set(ALL_CALLS.map((call) => `${call.method} ${fullPath(call)}`)).size).toBe(ALL_CALLS.length);
    for (const call of ALL_CALLS) for (const { code, status } of callCodes(call)) expect(ERROR_CODES[code], `${call.name} ${code}`).toBe(status);
  });

  describe('a refusal the declaration does not list', () => {
    const declaration = declareCall({
      name: 'test.refuses',
      method: 'post',
      path: 'test/refuses',
      request: v.object({ code: v.string() }),
      response: v.object({}),
      codes: ['expired'],
      summary: 'Throws the code it is given.',
    });
    function appFor(production: boolean) {
      const logged: unknown[] = [];
      const app = new Hono<AppEnv>();
      const deps = { ...server.deps, config: { ...server.deps.config, production }, log: { ...server.deps.log, error: (...args: unknown[]) => logged.push(args) } };
      mountRoutes(app, { ...deps, sessions: null as never, holdMemory: new RefusalMemory(), passwordMemory: new RefusalMemory() } as RouteDeps, [
        route(declaration, (_c, input) => {
          throw new DomainError(input.code as 'expired');
        }),
      ]);
      app.onError(answerError(deps));
      const post = async (code: string) => {
        const response = await app.request('/api/test/refuses', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
        return [response.status, ((await response.json()) as { error: { code: string } }).error.code];
      };
      return { post, logged };
    }

    it('is a server fault outside production, logged with the call and the code', async () => {
      const { post, logged } = appFor(false);
      expect(await post('expired')).toEqual([410, 'expired']);
      expect(await post('familyFull')).toEqual([500, 'internal']);
      expect(JSON.stringify(logged)).toContain('test.refuses');
      expect(JSON.stringify(logged)).toContain('familyFull');
    });

    it('is answered as is in production', async () => {
      const { post } = appFor(true);
      expect(await post('familyFull')).toEqual([409, 'familyFull']);
    });
  });

  it('the OpenAPI document lists every call with its codes, and is served in development only', async () => {
    const document = openApiDocument() as { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
    expect(document.openapi).toBe('3.1.0');
    for (const call of ALL_CALLS) {
      const operation = document.paths[fullPath(call)]?.[call.method];
      expect(operation?.operationId, call.name).toBe(call.name);
      for (const { status } of callCodes(call)) expect(operation?.responses[status], `${call.name} ${status}`).toBeDefined();
    }
    const served = await server.get('/api/openapi.json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(document)));
    const production = createApp({ ...server.deps, config: { ...server.deps.config, production: true } });
    expect((await production.request(`${PUBLIC_URL}/api/openapi.json`)).status).toBe(404);
  });
});
