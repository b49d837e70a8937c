import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DEFAULT_BODY_BYTES, type BodyLimit } from '../contract/call.ts';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '../contract/index.ts';
import { controlCharacterPaths } from '../contract/text.ts';
import { DomainError, englishMessage } from './domain/errors.ts';
import { HSTS, SECURITY_HEADERS } from './security.ts';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a head over `maxHeaderSize`,
 * 16 KiB by default: a very long URL or cookie; a head that is not HTTP) are answered with the
 * envelope, like every other refusal, and the connection is closed cleanly: Node's default
 * answers a bare `431` or `400` with no body.
 */
const PARSER_CODES: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'headersTooLarge',
  HPE_URI_TOO_LONG: 'uriTooLong',
};

const REASONS: Record<number, string> = { 400: 'Bad Request', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/**
 * The headers of an answer made outside the app (the envelope, never stored, the security headers,
 * the connection closed), with a new request id as every answer has (server/ops/observe.ts): the
 * request could not be read, so none it brought is taken.
 */
function outsideAppHeaders(length: number, production: boolean): [string, string][] {
  return [
    ['X-Request-Id', randomUUID()],
    ...(production ? ([['Strict-Transport-Security', HSTS]] as [string, string][]) : []),
    ['Content-Type', 'application/json; charset=UTF-8'],
    ['Content-Length', String(length)],
    ['Cache-Control', 'no-store'],
    ...Object.entries(SECURITY_HEADERS),
    ['Connection', 'close'],
  ];
}

/** The raw HTTP/1.1 answer for a parser error: the envelope, no-store, the security headers, `Connection: close`. */
export function clientErrorAnswer(parserCode: string | undefined, production = false): string {
  const code: ErrorCode = (parserCode && PARSER_CODES[parserCode]) || 'malformedJson';
  const status = ERROR_CODES[code];
  const body: ErrorBody = { error: { code, message: englishMessage(code) } };
  const json = JSON.stringify(body);
  const headers = [`HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}`, ...outsideAppHeaders(Buffer.byteLength(json), production).map(([name, value]) => `${name}: ${value}`)];
  return `${headers.join('\r\n')}\r\n\r\n${json}`;
}

/**
 * The answer to a request @hono/node-server cannot turn into a Request (a path with a backslash
 * before its query, `/\\evil.example`; a Host header that is not a host): the envelope, 400
 * `malformedJson` (the request could not be read), where the adapter's default is a bare 400.
 * Anything else that escapes the app is 500 `internal`.
 */
export function requestErrorAnswer(error: unknown, production = false): Response {
  const code: ErrorCode = error instanceof Error && error.name === 'RequestError' ? 'malformedJson' : 'internal';
  const body: ErrorBody = { error: { code, message: englishMessage(code) } };
  const json = JSON.stringify(body);
  return new Response(json, { status: ERROR_CODES[code], headers: outsideAppHeaders(Buffer.byteLength(json), production) });
}

/**
 * The portal's HTTP server for an app's `fetch`: the adapter's request listener with
 * `requestErrorAnswer`, the parser's refusals answered by `answerClientErrors`, and keep-alive
 * longer than clients' (see below). `serve` of @hono/node-server takes no error handler.
 */
export function serveApp(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { port: number; hostname?: string; production?: boolean },
  listening?: (address: AddressInfo) => void,
): Server {
  const production = options.production ?? false;
  const server = createServer(getRequestListener(fetch as never, { errorHandler: (error) => requestErrorAnswer(error, production) }));
  // Node closes an idle keep-alive connection after 5 s by default; a client that sends on it at
  // that moment gets ECONNRESET (seen in journeys). Clients and proxies keep theirs for a minute.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('connection', lingerOnClose);
  answerClientErrors(server, production);
  server.listen(options.port, options.hostname, () => listening?.(server.address() as AddressInfo));
  return server;
}

/** How long, and for how many more bytes, a closing connection still reads what its client sends. */
export const LINGER_MS = 2_000;
export const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Lingering close (as Apache's and nginx's `lingering_close`): when Node closes a connection after
 * an answer with `Connection: close` (the 413 of a body over its limit, answered from its head while
 * the client is still sending it), it ends its side (FIN after the answer) and then destroys the
 * socket at once; the bytes the client is still sending then arrive at a closed socket, the kernel
 * answers them with a reset, and a client still writing sees that reset before it reads the 413
 * (2–3% of 1 MB bodies in the attack bench). Instead the socket keeps reading (and the parser
 * discarding) what arrives until the client closes its side, for at most LINGER_MS or LINGER_BYTES
 * more, and only then is destroyed: the client reads the whole answer, however much it still sends.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    if (this.destroyed) return;
    if (this.writable) this.end();
    const bytesAtClose = this.bytesRead;
    const destroy = () => {
      clearTimeout(timer);
      clearInterval(watch);
      if (!this.destroyed) this.destroy();
    };
    const timer = setTimeout(destroy, LINGER_MS);
    // The parser reads the socket natively (no 'data' events): the bytes read are watched instead.
    const watch = setInterval(() => {
      if (this.bytesRead - bytesAtClose > LINGER_BYTES) destroy();
    }, 100);
    timer.unref();
    watch.unref();
    this.once('end', destroy);
    this.once('close', destroy);
  };
}

/**
 * Refuses a body larger than its call reads (`limitOf` the request's method and path: the
 * declaration's `bodyLimit`, or the default for anything undeclared) with 413 and the call's code:
 * at once when the declared `Content-Length` is over it (the body is not read), else as soon as a
 * chunked body passes it. GET and HEAD bodies are never read, and are not looked at (a Request
 * object per GET costs about a tenth of its time, measured under `npm run bench`).
 */
export function limitBodies(limitOf: (method: string, path: string) => BodyLimit | undefined): MiddlewareHandler {
  const limiters = new Map<string, MiddlewareHandler>();
  const limiterFor = ({ bytes, code }: BodyLimit): MiddlewareHandler => {
    const key = `${bytes} ${code}`;
    let limiter = limiters.get(key);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize: bytes,
        onError: () => {
          throw new DomainError(code);
        },
      });
      limiters.set(key, limiter);
    }
    return limiter;
  };
  const fallback = limiterFor({ bytes: DEFAULT_BODY_BYTES, code: 'payloadTooLarge' });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const limit = limitOf(c.req.method, c.req.path);
    return (limit ? limiterFor(limit) : fallback)(c, next);
  };
}

/**
 * The query string's names and values as the validator reads them (a name given once a string,
 * more often a list), decoded strictly: a `%` escape that is not UTF-8 (`%FF`, `%E4%B8`) or not
 * an escape at all is refused with 400 `invalidEncoding` rather than passed on as typed.
 */
export function strictQuery(url: string): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  const start = url.indexOf('?');
  if (start < 0) return record;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  if (query === '') return record;
  for (const part of query.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = decodeStrictly(equals < 0 ? part : part.slice(0, equals));
    const value = equals < 0 ? '' : decodeStrictly(part.slice(equals + 1));
    const before = Object.hasOwn(record, name) ? record[name] : undefined;
    const next = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
    Object.defineProperty(record, name, { value: next, writable: true, enumerable: true, configurable: true });
  }
  return record;
}

function decodeStrictly(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw new DomainError('invalidEncoding');
  }
}

/**
 * Every query string under `/api`, `/auth` and `/dev` is checked as a body is, before routing: so
 * the calls, the downloads and the development helpers alike never see a control character
 * (400 `controlCharacter`, naming each parameter at fault) or an escape that is not UTF-8
 * (400 `invalidEncoding`). An address has at most MAX_URL_BYTES: this costs little.
 */
export function checkQueryStrings(area: RegExp): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes('?') && area.test(c.req.path)) {
      const paths = controlCharacterPaths(strictQuery(url));
      if (paths.length > 0) throw new DomainError('controlCharacter', { fields: paths.map((field) => ({ field, rule: 'controlCharacter' as const })) });
    }
    await next();
  };
}

/** Answers the parser's refusals with the envelope (see above); a socket already gone is just destroyed. */
export function answerClientErrors(server: Pick<Server, 'on'>, production = false): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // ECONNRESET and the like: the client left, there is nobody to answer.
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
      return;
    }
    socket.end(clientErrorAnswer(error.code, production));
  });
}
