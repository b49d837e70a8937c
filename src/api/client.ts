import { ApiError } from '../../contract/api-error.ts';
import { isErrorCode, type ErrorCode, type FieldIssue } from '../../contract/errors.ts';

/**
 * The HTTP client is a small layer on `fetch` rather than ky: ky 2 adds 8.6 KiB gzip to every
 * page and put the login and registration pages over the 145 KiB budget; the few things we used
 * it for (base prefix, JSON, credentials, timeout, one retry of GETs) are below.
 * (docs/decisions/frontend.md)
 */

const REQUEST_TIMEOUT_MS = 30_000;

export interface HttpClient {
  /** Joined before every path: `/api` + `users/me` → `/api/users/me`. */
  readonly prefix: string;
}

function createClient(prefix: string): HttpClient {
  return { prefix: prefix.replace(/\/+$/, '') };
}

/** `/api` calls and `/auth` calls; both bases are set at build time (VITE_API_BASE, VITE_AUTH_BASE). */
export const apiClient: HttpClient = createClient(import.meta.env?.VITE_API_BASE || '/api');
export const authClient: HttpClient = createClient(import.meta.env?.VITE_AUTH_BASE || '/auth');

/**
 * What the app shell hears about: `server` for any answer ≥500, `unauthorized` for a 401 whose
 * code is `unauthorized` (the session is gone). The shell decides whether the latter is fatal
 * (only while signed in); a refused login (401 `loginFailed`) is an ordinary form error.
 */
export type FatalKind = 'server' | 'unauthorized';
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

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function notify(error: ApiError): void {
  if (!fatalHandler) return;
  if (error.status >= 500) fatalHandler('server', error);
  else if (error.status === 401 && error.code === 'unauthorized') fatalHandler('unauthorized', error);
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One attempt: the caller's signal and our timeout both abort it. */
async function attempt(url: string, init: RequestInit, signal: AbortSignal | undefined, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('Request timed out', 'TimeoutError')), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * Sends one call and returns the `data` of its envelope. Failures become ApiError: non-2xx
 * answers with their catalogue code, no answer at all (offline, timeout) as `network` (status 0).
 * An abort by the caller's signal is rethrown as is, since nobody is waiting for the answer.
 * GETs are tried twice when no answer came; other methods change things and are never repeated.
 */
export async function send<T>(client: HttpClient, method: Method, path: string, options: CallOptions & { json?: unknown; timeoutMs?: number } = {}): Promise<T> {
  const url = `${client.prefix}/${path.replace(/^\/+/, '')}`;
  const hasBody = options.json !== undefined;
  const init: RequestInit = {
    method: method.toUpperCase(),
    credentials: 'include',
    headers: hasBody ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' },
    body: hasBody ? JSON.stringify(options.json) : null,
  };
  const tries = method === 'get' ? 2 : 1;
  let response: Response | undefined;
  let failure: unknown;
  for (let i = 0; i < tries && !response; i++) {
    try {
      response = await attempt(url, init, options.signal, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      failure = cause;
    }
  }
  if (!response) throw new ApiError('network', 0, { message: failure instanceof Error ? failure.message : 'network' });

  const body = await readJson(response);
  if (response.ok && isRecord(body) && 'data' in body) return body.data as T;
  // A 2xx without our envelope means something between us and the server answered.
  const error = response.ok ? new ApiError('internal', 502, { message: 'Answer without envelope' }) : toApiError(response.status, body);
  notify(error);
  throw error;
}
