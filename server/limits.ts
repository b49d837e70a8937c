import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '../contract/index.ts';
import { SECURITY_HEADERS } from './security.ts';

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

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  headersTooLarge: 'The request head (address and headers) is too large.',
  uriTooLong: 'The request address is too long.',
  malformedJson: 'The request could not be read.',
};

const REASONS: Record<number, string> = { 400: 'Bad Request', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/** The raw HTTP/1.1 answer for a parser error: the envelope, no-store, the security headers, `Connection: close`. */
export function clientErrorAnswer(parserCode: string | undefined): string {
  const code: ErrorCode = (parserCode && PARSER_CODES[parserCode]) || 'malformedJson';
  const status = ERROR_CODES[code];
  const body: ErrorBody = { error: { code, message: MESSAGES[code] ?? 'The request could not be read.' } };
  const json = JSON.stringify(body);
  const headers = [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=UTF-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Cache-Control: no-store',
    ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${json}`;
}

/** Answers the parser's refusals with the envelope (see above); a socket already gone is just destroyed. */
export function answerClientErrors(server: Pick<Server, 'on'>): void {
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
    socket.end(clientErrorAnswer(error.code));
  });
}
