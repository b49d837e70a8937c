import type { ErrorCode, FieldIssue } from './errors.ts';

/**
 * What every failed call becomes on the client: the catalogue code, the HTTP status, and for
 * holds the time until which the subject is held. Machines route on `code` with one guard per code.
 * `network` is the status 0 pseudo-code for a call that never got an answer.
 */
export class ApiError extends Error {
  readonly code: ErrorCode | 'network';
  readonly status: number;
  readonly holdUntil: string | undefined;
  readonly fields: FieldIssue[];

  constructor(code: ErrorCode | 'network', status: number, options: { message?: string; holdUntil?: string; fields?: FieldIssue[] } = {}) {
    super(options.message ?? code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.holdUntil = options.holdUntil;
    this.fields = options.fields ?? [];
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Narrows an actor's error to a code, for guards: `hasCode(event.error, 'expired')`. */
export function errorCode(value: unknown): ErrorCode | 'network' | 'unknown' {
  return value instanceof ApiError ? value.code : 'unknown';
}
