import ky, { type KyInstance, type Options } from 'ky';
import * as v from 'valibot';
import { ApiError } from '../../contract/api-error.ts';
import type { CallBase, CallDeclaration, RequestOf, ResponseOf } from '../../contract/call.ts';
import { isErrorCode, type ErrorCode, type FieldIssue } from '../../contract/errors.ts';

/**
 * The browser's one way to the server: `call(declaration, input)`, through ky. The declaration
 * (contract/calls/*) gives the method, the base and path, and where the input goes; the answer's
 * `data` comes back typed by the declaration's response schema, and is checked against it in
 * development and tests. Failures are the contract's ApiError.
 */

const REQUEST_TIMEOUT_MS = 30_000;

/** Checks answers against their schemas where a wrong one should fail loudly: development and tests. */
const CHECK_ANSWERS = import.meta.env?.DEV === true || import.meta.env?.MODE === 'test';

const BASES: Record<CallBase, string> = {
  api: import.meta.env?.VITE_API_BASE || '/api',
  auth: import.meta.env?.VITE_AUTH_BASE || '/auth',
};

/**
 * What the app shell hears about: `server` for any answer ≥500, `unauthorized` for a 401 whose
 * code is `unauthorized` (the session is gone), `signedOut` for one whose code is
 * `sessionSignedOut` (someone ended it from elsewhere). The shell decides whether the latter is fatal
 * (only while signed in); a refused login (401 `loginFailed`) is an ordinary form error.
 */
export type FatalKind = 'server' | 'unauthorized' | 'signedOut';
export type FatalHandler = (kind: FatalKind, error: ApiError) => void;

let fatalHandler: FatalHandler | null = null;

/** Installs the shell's fatal hook; returns the uninstaller. */
export function setFatalHandler(handler: FatalHandler): () => void {
  fatalHandler = handler;
  return () => {
    if (fatalHandler === handler) fatalHandler = null;
  };
}

/** The code a status implies when the body carries none (a proxy error page, say). */
function codeForStatus(status: number): ErrorCode {
  if (status >= 500) return 'internal';
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 413:
      return 'payloadTooLarge';
    case 429:
      return 'held';
    default:
      return 'invalidPayload';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldIssue(value: unknown): value is FieldIssue {
  return isRecord(value) && typeof value.field === 'string' && typeof value.rule === 'string';
}

/** Turns a failed answer's body into the contract's ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = error && isErrorCode(error.code) ? error.code : codeForStatus(status);
  return new ApiError(code, status, {
    message: error && typeof error.message === 'string' ? error.message : code,
    holdUntil: error && typeof error.holdUntil === 'string' ? error.holdUntil : undefined,
    fields: error && Array.isArray(error.fields) ? error.fields.filter(isFieldIssue) : [],
  });
}

function notify(error: ApiError): void {
  if (!fatalHandler) return;
  if (error.status >= 500) fatalHandler('server', error);
  else if (error.status === 401 && error.code === 'unauthorized') fatalHandler('unauthorized', error);
  else if (error.status === 401 && error.code === 'sessionSignedOut') fatalHandler('signedOut', error);
}

/**
 * ky as the portal uses it: cookies sent, 30 s per attempt, answers read by us whatever their
 * status. A GET with no answer at all (offline, timed out) is tried once more; other methods
 * change things and are never repeated, and no answer that came is retried.
 */
export function createHttp(fetchImpl?: typeof fetch, baseUrl?: string): KyInstance {
  return ky.create({
    credentials: 'include',
    timeout: REQUEST_TIMEOUT_MS,
    throwHttpErrors: false,
    retry: { limit: 1, methods: ['get'], statusCodes: [], retryOnTimeout: true, delay: () => 0 },
    headers: { accept: 'application/json' },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    ...(baseUrl ? { baseUrl } : {}),
  });
}

let http = createHttp();

/** Tests swap the transport (a fake `fetch`, outside a page so with an origin); returns the restorer. */
export function useFetchForTests(fetchImpl: typeof fetch, origin = 'http://portal.test'): () => void {
  const previous = http;
  http = createHttp(fetchImpl, origin);
  return () => {
    http = previous;
  };
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** The query string of a GET or DELETE: the input's defined values as text. */
function searchParams(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isRecord(input)) for (const [key, value] of Object.entries(input)) if (value !== undefined && value !== null) out[key] = String(value);
  return out;
}

/** No answer at all (offline, timeout): ApiError `network`, status 0. */
function networkError(cause: unknown): ApiError {
  return new ApiError('network', 0, { message: cause instanceof Error ? cause.message : 'network' });
}

/** Sends a declared call at its method, base and path; not reaching the server is ApiError `network` (unless the caller left). */
async function send(declaration: CallDeclaration, signal: AbortSignal | undefined, request: Options): Promise<Response> {
  try {
    return await http(declaration.path, { prefix: BASES[declaration.base], method: declaration.method, ...request, ...(signal ? { signal } : {}) });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw networkError(cause);
  }
}

/** The answer's JSON, or undefined when it is none. */
async function readBody(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  try {
    return await response.json();
  } catch (cause) {
    // The caller left while the body was read (a route's loader aborted by a navigation): nobody
    // waits, and it is no server fault. Reported as one, it raised the fatal dialog on the next page.
    if (signal?.aborted) throw cause;
    return undefined;
  }
}

/**
 * Sends one declared call and returns the `data` of its envelope. Failures become ApiError:
 * non-2xx answers with their catalogue code, no answer at all (offline, timeout) as `network`
 * (status 0). An abort by the caller's signal is rethrown as is, since nobody is waiting.
 */
export async function call<D extends CallDeclaration>(declaration: D, ...args: RequestOf<D> extends undefined ? [input?: undefined, options?: CallOptions] : [input: RequestOf<D>, options?: CallOptions]): Promise<ResponseOf<D>> {
  const [input, options = {}] = args as [unknown, CallOptions | undefined];
  const response = await send(declaration, options.signal, {
    ...(declaration.input === 'json' ? { json: input } : declaration.input === 'query' ? { searchParams: searchParams(input) } : declaration.method === 'get' ? {} : { json: {} }),
  });
  const body = await readBody(response, options.signal);
  if (response.ok && isRecord(body) && 'data' in body) {
    if (CHECK_ANSWERS) checkAnswer(declaration, body.data);
    return body.data as ResponseOf<D>;
  }
  // A 2xx without our envelope means something between us and the server answered.
  const error = response.ok ? new ApiError('internal', 502, { message: 'Answer without envelope' }) : toApiError(response.status, body);
  notify(error);
  throw error;
}

/** An answer its declaration does not describe is a bug on one side: say which call and where. */
function checkAnswer(declaration: CallDeclaration, data: unknown): void {
  const result = v.safeParse(declaration.response, data);
  if (result.success) return;
  const where = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(answer)'}: ${issue.message}`).join('; ');
  throw new Error(`The answer of ${declaration.name} does not match its declaration: ${where}`);
}

/** A file a declared download call answered with (`declaration.file`). */
export interface DownloadedFile {
  blob: Blob;
  /** From the answer's Content-Disposition; `fallback` when it names none. */
  fileName: string;
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetches a declared download (`declaration.file`): the body is the file, read whole into a Blob
 * (the browser keeps it off the JS heap); refusals are the envelope and become ApiError as in `call`.
 */
export async function download<D extends CallDeclaration>(declaration: D, input: RequestOf<D>, options: CallOptions & { fallbackName: string }): Promise<DownloadedFile> {
  const response = await send(declaration, options.signal, {
    headers: { accept: `${declaration.file ?? 'application/octet-stream'}, application/json` },
    ...(declaration.input === 'query' ? { searchParams: searchParams(input) } : {}),
  });
  if (response.ok && !(response.headers.get('content-type') ?? '').startsWith('application/json')) {
    try {
      return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), options.fallbackName) };
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw networkError(cause);
    }
  }
  const body = await readBody(response, options.signal);
  const error = response.ok ? new ApiError('internal', 502, { message: 'Answer without a file' }) : toApiError(response.status, body);
  notify(error);
  throw error;
}

/**
 * The address of a declared download (`declaration.file`) with its query, for a link the browser
 * follows itself (`<a href download>`): the school email list's export and template.
 */
export function downloadUrl<D extends CallDeclaration>(declaration: D, input: RequestOf<D>): string {
  return `${BASES[declaration.base]}/${declaration.path}?${new URLSearchParams(searchParams(input)).toString()}`;
}
