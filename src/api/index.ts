export { getSettings } from './calls.ts';
export { apiActors } from './actors.ts';
export { call, setFatalHandler, toApiError, type FatalHandler, type FatalKind } from './client.ts';
