/**
 * Whether this process is shutting down (SIGTERM, server/main.ts): from then on it finishes the
 * requests it has and takes no new ones. A readiness probe answers 503 while this is true, so a
 * load balancer stops sending before the listener closes. One flag per process.
 */
let draining = false;

export function setDraining(value = true): void {
  draining = value;
}

export function isDraining(): boolean {
  return draining;
}
