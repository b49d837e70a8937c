import type { Server, ServerResponse } from 'node:http';
import { isDraining } from './ops/readiness.ts';

export interface Drainer {
  /** Requests being answered now. */
  inFlight(): number;
  /**
   * Stops accepting connections, closes idle keep-alive connections, and waits until every
   * request in flight has been answered or `timeoutMs` has passed; then closes every connection
   * left. Resolves with how many requests were cut by the timeout.
   */
  drain(timeoutMs: number): Promise<{ cut: number }>;
}

/** How often idle connections are closed while the server drains (a request may just have ended on one). */
const IDLE_SWEEP_MS = 50;

/**
 * Follows the requests of `server` from its start, so a graceful stop (server/main.ts) knows what
 * is in flight. While the process drains (server/ops/readiness.ts) every answer carries
 * `Connection: close`: the client opens its next connection elsewhere instead of sending on one
 * this process is about to close.
 */
export function trackRequests(server: Server): Drainer {
  const answering = new Set<ServerResponse>();
  server.on('request', (_request, response) => {
    answering.add(response);
    if (isDraining()) response.setHeader('Connection', 'close');
    response.once('close', () => answering.delete(response));
  });
  return {
    inFlight: () => answering.size,
    drain: (timeoutMs) =>
      new Promise((resolve) => {
        const started = Date.now();
        server.close();
        for (const response of answering) if (!response.headersSent) response.setHeader('Connection', 'close');
        const sweep = () => {
          server.closeIdleConnections();
          if (answering.size === 0) return finish(0);
          if (Date.now() - started >= timeoutMs) return finish(answering.size);
          setTimeout(sweep, IDLE_SWEEP_MS);
        };
        const finish = (cut: number) => {
          server.closeAllConnections();
          resolve({ cut });
        };
        sweep();
      }),
  };
}
