import { ERROR_MESSAGES, type ErrorCode, type FieldIssue } from '../../contract/errors.ts';

/**
 * The envelope's `message`, for developers and API clients: the English text the screens show for
 * the code (contract/errors.ts `ERROR_MESSAGES`, which locales/en.json's `error.<code>` is written
 * from; the browser picks its own language's text by `code`). A placeholder the screens fill in is
 * written as its name in angle brackets. A hold's `{retry}` (the screens' "in N seconds" or "after
 * <time> (Hong Kong time)") reads "after <holdUntil>": the time is the envelope's `holdUntil`.
 */
export function englishMessage(code: ErrorCode): string {
  return ERROR_MESSAGES[code].en.replaceAll('{retry}', 'after <holdUntil>').replace(/\{(\w+)\}/g, '<$1>');
}

export interface DomainErrorExtras {
  holdUntil?: Date;
  fields?: FieldIssue[];
  message?: string;
}

/** A refusal with a catalogue code; `app.onError` turns it into the 4xx envelope. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly holdUntil: Date | undefined;
  readonly fields: FieldIssue[] | undefined;

  constructor(code: ErrorCode, extras: DomainErrorExtras = {}) {
    super(extras.message ?? englishMessage(code));
    this.name = 'DomainError';
    this.code = code;
    this.holdUntil = extras.holdUntil;
    this.fields = extras.fields;
  }
}

/** A unique-constraint violation from PostgreSQL or PGlite, with the constraint's name. */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') {
    const constraint = (error as { constraint?: unknown }).constraint;
    return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
