import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { describeError, type Logger } from '../log.ts';
import { portalMetrics, type PortalMetrics } from './metrics.ts';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface MetricsServerDeps {
  config: Pick<Config, 'metricsPort' | 'metricsHost'>;
  database: Database;
  log: Logger;
  metrics?: PortalMetrics;
}

/**
 * `GET /metrics` in the Prometheus text format on METRICS_HOST:METRICS_PORT (server/config.ts):
 * a listener of its own, apart from the public app, so no proxy rule has to hide it. Null when
 * METRICS_PORT is not set. Unref'd: it never keeps the process alive on its own.
 */
export function startMetricsServer(deps: MetricsServerDeps, listening?: (address: AddressInfo) => void): Server | null {
  const { metricsPort, metricsHost } = deps.config;
  if (metricsPort === null) return null;
  const metrics = deps.metrics ?? portalMetrics;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.scrape(deps.database).then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        deps.log.error('metrics scrape failed', describeError(error));
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics scrape failed\n');
      },
    );
  });
  server.on('error', (error) => deps.log.error('metrics server failed', describeError(error)));
  server.listen(metricsPort, metricsHost, () => listening?.(server.address() as AddressInfo));
  server.unref();
  return server;
}
