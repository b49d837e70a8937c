import { connect } from 'node:net';
import type { Hono } from 'hono';
import { serveApp } from '../../../server/limits.ts';

/**
 * Requests on raw connections, for what `app.request` cannot send or see: heads Node's parser
 * refuses, paths the adapter cannot read (`/\\`), bodies larger than what is read of them, and
 * whether the server closed the connection.
 */

export interface Listening {
  port: number;
  close(): Promise<void>;
}

/** The app served as server/main.ts serves it (server/limits.ts `serveApp`), on a free port of 127.0.0.1. */
export function listen(app: Hono, options: { production?: boolean } = {}): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serveApp(app.fetch, { port: 0, hostname: '127.0.0.1', ...options }, ({ port }) =>
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

/** What came back on a raw connection, and whether the server closed it. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
  closedByServer: boolean;
}

/**
 * Writes `head` (and `body`, in chunks, as long as the server reads) on a fresh connection and
 * reads the answer until the server closes the connection (or 5 s pass: then `closedByServer`
 * is false).
 */
export function rawRequest(port: number, head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedByServer = false;
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      closedByServer = true;
    });
    // The server may close while the client still writes an over-long body: that is the point.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [rawHead = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = rawHead.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const payload = rest.join('\r\n\r\n');
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        parsed = undefined;
      }
      if (!statusLine) reject(new Error(`no answer: ${text}`));
      else resolve({ status: Number(statusLine.split(' ')[1]), headers, body: parsed, closedByServer });
    });
    socket.on('connect', () => {
      socket.write(head);
      if (body) {
        // In 16 KiB pieces, as a client would: stops quietly once the server has closed.
        for (let at = 0; at < body.length && socket.writable; at += 16_384) socket.write(body.slice(at, at + 16_384));
      }
    });
  });
}

