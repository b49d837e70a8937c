export * from './calls.ts';
export { apiActors } from './actors.ts';
export { setFatalHandler, toApiError, type FatalHandler, type FatalKind } from './client.ts';
