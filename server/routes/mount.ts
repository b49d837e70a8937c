import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { fullPath, type CallDeclaration, type ParsedRequestOf, type ResponseOf } from '../../contract/call.ts';
import type { FieldIssue } from '../../contract/errors.ts';
import { controlCharacterPaths, jsonBeyondBounds, normaliseText } from '../../contract/text.ts';
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

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

const isJson = (c: Context) => JSON_TYPE.test(c.req.header('content-type')?.split(';')[0]?.trim() ?? '');

/** Decodes once, refusing what is not UTF-8 (the default decoder would put U+FFFD in its place). */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Each request's JSON body, read, checked and parsed once (`readJson`). */
const bodies = new WeakMap<object, unknown>();

/**
 * The request's JSON body, read once and checked in the order of their cost, each step linear in
 * its size (docs/decisions/request-bounds.md): sent as JSON (else 400 `malformedJson`, and the
 * body is not read), valid UTF-8 (400 `invalidEncoding`), nested at most MAX_JSON_DEPTH deep
 * (400 `jsonTooDeep`) and holding at most MAX_JSON_VALUES values (413, the call's body-limit
 * code), both before it is parsed, JSON (400 `malformedJson`), and no string or key
 * holding a control character (400 `controlCharacter`, naming each). Its size was bounded before
 * (server/limits.ts `limitBodies`). A body not declared as JSON is not read as JSON: no HTML form
 * from another site can send a call's body.
 */
export async function readJson(c: Context): Promise<unknown> {
  if (bodies.has(c.req)) return bodies.get(c.req);
  if (!isJson(c)) {
    throw new DomainError('malformedJson', { message: 'The body must be JSON, sent as application/json.' });
  }
  let text: string;
  try {
    text = UTF8.decode(await c.req.arrayBuffer());
  } catch {
    throw new DomainError('invalidEncoding');
  }
  const beyond = jsonBeyondBounds(text);
  if (beyond === 'depth') throw new DomainError('jsonTooDeep');
  // More values than any call takes is too large a body, whatever its bytes: the call's own refusal.
  if (beyond === 'values') throw new DomainError((c.get('call') as CallDeclaration | undefined)?.bodyLimit.code ?? 'payloadTooLarge');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new DomainError('malformedJson');
  }
  const paths = controlCharacterPaths(body);
  if (paths.length > 0) throw new DomainError('controlCharacter', { fields: paths.map((field) => ({ field, rule: 'controlCharacter' as const })) });
  bodies.set(c.req, body);
  return body;
}

/** The query string as the schema reads it: a name given once is a string, given more often a list. */
function queryRecord(c: Context): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? (values[0] as string) : values]));
}

/**
 * Validates the body (`json`, read by `readJson`) or the query string with the schema, refusing
 * with the catalogue's `invalidPayload` and its fields. One problem per field, the first its
 * rules find: the same reading as the forms' (contract/validate.ts). The handler finds the
 * result at `c.req.valid(target)`.
 */
export function validated(target: 'json' | 'query', schema: v.GenericSchema, refuse: (fields: FieldIssue[]) => DomainError = invalid): MiddlewareHandler<AppEnv> {
  // Every string reaches the schema, and so the handler and the database, in NFC.
  const normalised = v.config(v.pipe(v.unknown(), v.transform(normaliseText), schema), { abortPipeEarly: true });
  return async (c, next) => {
    const input = target === 'json' ? await readJson(c) : queryRecord(c);
    const result = await v.safeParseAsync(normalised, input);
    if (!result.success) throw refuse(toFieldIssues(result.issues));
    c.req.addValidatedData(target, result.output as never);
    await next();
  };
}

/**
 * Reads and checks the JSON body before anything else is done (`readJson`). A body not sent as
 * JSON is not read at all: the validator refuses it after the session and the permissions have
 * had their say, as they did before.
 */
const checkBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isJson(c)) await readJson(c);
  await next();
};

/** The raw body as JSON for `inspectBody` (already read and checked by `readJson`). */
function inspect(check: (body: unknown) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    check(await readJson(c));
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
    // The body first: one that no call accepts (not UTF-8, too deep, not JSON, control
    // characters) is refused before the session, the permissions or any rule is consulted, so no
    // code path can carry one to the database. The query string was checked before routing
    // (server/limits.ts `checkQueryStrings`), the body's size too (`limitBodies`).
    if (declaration.input === 'json') chain.push(checkBody);
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
