import type { ErrorCode, FieldIssue } from '../../contract/index.ts';
import english from '../../locales/en.json' with { type: 'json' };

/** The screens' English texts (locales/en.json): the one catalogue of what each refusal says. */
const ENGLISH: Readonly<Record<string, string>> = english;

/**
 * The envelope's `message`, for developers and API clients: the English text the screens show for
 * the code (`error.<code>` in locales/en.json; the browser picks its own language's text by
 * `code`). A placeholder the screens fill in is written as its name in angle brackets: a hold's
 * `<holdUntil>` is the envelope's `holdUntil`.
 */
export function englishMessage(code: ErrorCode): string {
  const text = ENGLISH[`error.${code}`];
  return text === undefined ? code : text.replace(/\{(\w+)\}/g, '<$1>');
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
