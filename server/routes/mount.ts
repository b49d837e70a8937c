import { vValidator } from '@hono/valibot-validator';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { fullPath, type CallDeclaration, type ParsedRequestOf, type ResponseOf } from '../../contract/call.ts';
import type { FieldIssue } from '../../contract/errors.ts';
import { controlCharacterPaths, normaliseText } from '../../contract/text.ts';
import { toFieldIssues } from '../../contract/validate.ts';
import { DomainError } from '../domain/errors.ts';
import { requireSession, type AppEnv, type RouteDeps } from '../http.ts';

/**
 * A route is a call's declaration (contract/calls/*) and what answers it. The declaration says
 * the method, the path, whether a session is needed and what the request must look like; the
 * handler receives the request already validated and returns the answer's `data`.
 */
export interface Route<D extends CallDeclaration = CallDeclaration> {
  readonly declaration: D;
  /** A file download's handler (`declaration.file`) returns the Response carrying the file. */
  readonly handler: (c: Context<AppEnv>, input: ParsedRequestOf<D>) => ResponseOf<D> | Response | Promise<ResponseOf<D> | Response>;
  readonly options: RouteOptions;
}

export interface RouteOptions {
  /** Run after the session check and before the request is validated (a permission decides first). */
  readonly before?: readonly MiddlewareHandler<AppEnv>[];
  /** Looks at the raw JSON body before the schema does (refusing keys the schema would strip). */
  readonly inspectBody?: (body: unknown) => void;
  /** The refusal for a request the schema rejects; `invalidPayload` with its fields by default. */
  readonly refuse?: (fields: FieldIssue[]) => DomainError;
}

export function route<D extends CallDeclaration>(declaration: D, handler: Route<D>['handler'], options: RouteOptions = {}): Route {
  return { declaration, handler, options } as unknown as Route;
}

const invalid = (fields: FieldIssue[]) => new DomainError('invalidPayload', { fields });

/**
 * Hono's valibot validator for the body (`json`) or the query string, refusing with the
 * catalogue's `invalidPayload` and its fields. One problem per field, the first its rules find:
 * the same reading as the forms' (contract/validate.ts).
 */
export function validated(target: 'json' | 'query', schema: v.GenericSchema, refuse: (fields: FieldIssue[]) => DomainError = invalid): MiddlewareHandler<AppEnv> {
  // Every string reaches the schema, and so the handler and the database, in NFC.
  const normalised = v.pipe(v.unknown(), v.transform(normaliseText), schema);
  const validator = vValidator(target, v.config(normalised, { abortPipeEarly: true }), (result) => {
    if (!result.success) throw refuse(toFieldIssues(result.issues));
  }) as MiddlewareHandler<AppEnv>;
  if (target === 'query') return validator;
  return async (c, next) => {
    // A body not declared as JSON is not read as JSON (nor as an empty object): no HTML form
    // from another site can send a call's body.
    if (!JSON_TYPE.test(c.req.header('content-type')?.split(';')[0]?.trim() ?? '')) {
      throw new DomainError('malformedJson', { message: 'The body must be JSON, sent as application/json.' });
    }
    return validator(c, next);
  };
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Refuses a request any of whose strings (or keys), in the JSON body or the query string, holds a
 * control character (contract/text.ts): 400 `controlCharacter`, naming every field at fault,
 * before any rule or handler sees it. A body that is not JSON is left to the validator to refuse.
 */
function refuseControlCharacters(target: 'json' | 'query'): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let payload: unknown;
    if (target === 'query') {
      // As the validator reads it: a name given once is a string, given more often a list.
      payload = Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0] : values]));
    } else {
      try {
        payload = await c.req.json();
      } catch {
        return next();
      }
    }
    const paths = controlCharacterPaths(payload);
    if (paths.length > 0) {
      throw new DomainError('controlCharacter', { fields: paths.map((field) => ({ field, rule: 'controlCharacter' as const })) });
    }
    return next();
  };
}

/** The raw body as JSON for `inspectBody`; a body that is not JSON is left to the validator to refuse. */
function inspect(check: (body: unknown) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return next();
    }
    check(body);
    return next();
  };
}

/**
 * Mounts every route on the app at its declared path. Each request first records which call it
 * is (`c.var.call`), so the error handler can tell a refusal the declaration does not list.
 */
export function mountRoutes(app: Hono<AppEnv>, deps: RouteDeps, routes: readonly Route[]): void {
  const session = requireSession(deps);
  const seen = new Set<string>();
  for (const { declaration, handler, options } of routes) {
    const key = `${declaration.method} ${fullPath(declaration)}`;
    if (seen.has(key)) throw new Error(`Two routes for ${key}`);
    seen.add(key);

    const chain: MiddlewareHandler<AppEnv>[] = [
      async (c, next) => {
        c.set('call', declaration);
        await next();
      },
    ];
    // Control characters first: a payload no call accepts is refused before the session, the
    // permissions or any rule is consulted, so no code path can carry one to the database.
    if (declaration.input !== 'none') chain.push(refuseControlCharacters(declaration.input));
    if (declaration.session) chain.push(session);
    chain.push(...(options.before ?? []));
    if (declaration.input === 'json' && options.inspectBody) chain.push(inspect(options.inspectBody));
    if (declaration.input !== 'none') chain.push(validated(declaration.input, declaration.request, options.refuse));
    const target = declaration.input === 'json' ? 'json' : 'query';
    app.on([declaration.method.toUpperCase()], [fullPath(declaration)], ...chain, async (c) => {
      const input = declaration.input === 'none' ? undefined : (c.req.valid as (target: string) => unknown)(target);
      const answer = await handler(c, input as never);
      return declaration.file && answer instanceof Response ? answer : c.json({ data: answer });
    });
  }
}
