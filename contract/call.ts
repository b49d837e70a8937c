import * as v from 'valibot';
import { ERROR_CODES, type ErrorCode } from './errors.ts';

/**
 * One declaration per call: everything the server, the browser and the docs need to agree on.
 * The server mounts the route and validates the request from it (server/routes/mount.ts), the
 * browser calls it by it (src/api/client.ts `call`), the OpenAPI document and docs/api.md are
 * generated from it (scripts/api-docs.ts), and the message check requires every code it lists
 * to have a message in every locale (scripts/check-messages.mjs).
 */

export type CallMethod = 'get' | 'post' | 'put' | 'delete';

/** The two bases the browser knows (VITE_API_BASE, VITE_AUTH_BASE). */
export type CallBase = 'api' | 'auth';

/**
 * Where the request's input travels: the JSON body, the query string (GET, DELETE), or nowhere.
 * A `json` call without a request schema takes no body at all.
 */
export type InputIn = 'json' | 'query' | 'none';

/** No input: the request schema of calls that take nothing. */
export const NoInput = v.undefined();

/** An empty success: `{ "data": {} }`. */
export const EmptyAnswer = v.object({});

export interface CallDeclaration<
  TRequest extends v.GenericSchema = v.GenericSchema,
  TResponse extends v.GenericSchema = v.GenericSchema,
  TCode extends ErrorCode = ErrorCode,
> {
  /** A stable name, `<feature>.<call>`: the OpenAPI operationId and the docs anchor. */
  readonly name: string;
  readonly method: CallMethod;
  readonly base: CallBase;
  /** The path under the base, without leading slash: `family/join`. */
  readonly path: string;
  readonly input: InputIn;
  readonly request: TRequest;
  readonly response: TResponse;
  /** Needs a live session (401 `unauthorized` without one, `sessionSignedOut` when it was ended from elsewhere). */
  readonly session: boolean;
  /**
   * The refusals this call's own rules may answer with. The protocol's codes (bad input, control
   * characters, body or address too long, cross-site, no session, server busy or at fault) are implied, see
   * `callCodes`.
   */
  readonly codes: readonly TCode[];
  /** One line for the docs. */
  readonly summary: string;
  /**
   * A file download: the answer's body is the file itself in this media type (`text/csv`), sent
   * as it is made, not the `{ data }` envelope; refusals still answer the envelope.
   */
  readonly file?: string;
  /**
   * The largest body the call reads, in bytes, and the code a larger one is refused with (413,
   * before the body is read: at once for a declared `Content-Length`). `DEFAULT_BODY_BYTES` and
   * `payloadTooLarge` unless the declaration says otherwise (docs/decisions/request-bounds.md).
   */
  readonly bodyLimit: BodyLimit;
}

export interface BodyLimit {
  readonly bytes: number;
  readonly code: ErrorCode;
}

/**
 * The body limit of a call that does not declare one: the largest legitimate payload of most
 * calls is under 2 KB, and none without its own limit comes near 8 KiB (measured from the
 * schemas by test/server/platform/request-bounds.test.ts).
 */
export const DEFAULT_BODY_BYTES = 8 * 1024;

export type RequestOf<D extends CallDeclaration> = v.InferInput<D['request']>;
export type ParsedRequestOf<D extends CallDeclaration> = v.InferOutput<D['request']>;
export type ResponseOf<D extends CallDeclaration> = v.InferOutput<D['response']>;

interface DeclarationInput<TRequest extends v.GenericSchema, TResponse extends v.GenericSchema, TCode extends ErrorCode> {
  name: string;
  method: CallMethod;
  base?: CallBase;
  path: string;
  request?: TRequest;
  response: TResponse;
  session?: boolean;
  codes?: readonly TCode[];
  summary: string;
  file?: string;
  /** A body limit other than the default: its bytes, and the refusal if not `payloadTooLarge` (one of `codes`). */
  bodyLimit?: { bytes: number; code?: NoInfer<TCode> };
}

export function declareCall<
  TRequest extends v.GenericSchema = typeof NoInput,
  TResponse extends v.GenericSchema = v.GenericSchema,
  const TCode extends ErrorCode = never,
>(declaration: DeclarationInput<TRequest, TResponse, TCode>): CallDeclaration<TRequest, TResponse, TCode> {
  const request = (declaration.request ?? NoInput) as TRequest;
  const input: InputIn = declaration.request === undefined ? 'none' : declaration.method === 'get' || declaration.method === 'delete' ? 'query' : 'json';
  return {
    name: declaration.name,
    method: declaration.method,
    base: declaration.base ?? 'api',
    path: declaration.path,
    input,
    request,
    response: declaration.response,
    session: declaration.session ?? false,
    codes: declaration.codes ?? [],
    summary: declaration.summary,
    ...(declaration.file ? { file: declaration.file } : {}),
    bodyLimit: { bytes: declaration.bodyLimit?.bytes ?? DEFAULT_BODY_BYTES, code: declaration.bodyLimit?.code ?? 'payloadTooLarge' },
  };
}

/** The path the server mounts: `/api/family/join`. */
export function fullPath(declaration: CallDeclaration): string {
  return `/${declaration.base}${declaration.path ? `/${declaration.path}` : ''}`;
}

export type ProtocolCode =
  | 'malformedJson'
  | 'invalidEncoding'
  | 'jsonTooDeep'
  | 'invalidPayload'
  | 'controlCharacter'
  | 'payloadTooLarge'
  | 'uriTooLong'
  | 'crossSiteRequest'
  | 'unauthorized'
  | 'sessionSignedOut'
  | 'serverBusy'
  | 'internal';

/** The codes every call of this shape can answer with, whatever its own rules. */
export function protocolCodes(declaration: CallDeclaration): ProtocolCode[] {
  const codes: ProtocolCode[] = [];
  if (declaration.input === 'json') codes.push('malformedJson', 'jsonTooDeep');
  if (declaration.input !== 'none') codes.push('invalidPayload');
  // Every query string is read (server/app.ts), whether or not the call takes one.
  codes.push('controlCharacter', 'invalidEncoding');
  if (declaration.method !== 'get') codes.push('payloadTooLarge', 'crossSiteRequest');
  if (declaration.session) codes.push('unauthorized', 'sessionSignedOut');
  codes.push('uriTooLong', 'serverBusy', 'internal');
  return codes;
}

/** Every code the call may answer with, its own first, with its HTTP status. */
export function callCodes(declaration: CallDeclaration): { code: ErrorCode; status: number }[] {
  const codes = [...new Set<ErrorCode>([...declaration.codes, ...protocolCodes(declaration)])];
  return codes.map((code) => ({ code, status: ERROR_CODES[code] }));
}

export function declaresCode(declaration: CallDeclaration, code: ErrorCode): boolean {
  return (declaration.codes as readonly ErrorCode[]).includes(code) || (protocolCodes(declaration) as ErrorCode[]).includes(code);
}
