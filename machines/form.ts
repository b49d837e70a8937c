import type * as v from 'valibot';
import type { EventObject } from 'xstate';
import { ApiError, errorCode } from '../contract/api-error.ts';
import type { ErrorCode, FieldIssue } from '../contract/errors.ts';
import { checkPasswordPolicy, type PasswordPolicy } from '../contract/password-policy.ts';
import { parseWith } from '../contract/validate.ts';

/** What a machine keeps of a failure it has no dedicated state for. */
export type FailureCode = ErrorCode | 'network' | 'unknown';

/*
 * Named actions and guards receive the machine's own event union, which does not list the
 * `xstate.done.actor.*` / `xstate.error.actor.*` events XState raises for invoked actors. These
 * helpers are the one place that reads those events, checking the type at run time the way
 * `assertEvent` does for user events.
 */

export function actorOutput<T>(event: EventObject, actorId: string): T {
  const expected = `xstate.done.actor.${actorId}`;
  if (event.type !== expected) throw new Error(`Expected event ${expected}, got ${event.type}`);
  return (event as EventObject & { output: T }).output;
}

export function actorError(event: EventObject): unknown {
  if (!event.type.startsWith('xstate.error.actor.')) return undefined;
  return (event as EventObject & { error?: unknown }).error;
}

export function failureCode(event: EventObject): FailureCode {
  return errorCode(actorError(event));
}

export function failureHasCode(event: EventObject, codes: readonly FailureCode[]): boolean {
  return codes.includes(failureCode(event));
}

/** The params of the `hasCode` guard: the refusal codes that lead to one state. */
export interface HasCodeParams {
  codes: readonly FailureCode[];
}

/**
 * Guards every form machine shares, spread into its `setup({ guards })`. A refusal is routed to
 * its state by the one parameterized guard, `guard: hasCode('familyFull')`, which stands for
 * `{ type: 'hasCode', params: { codes: ['familyFull'] } }`.
 */
export const formGuards = {
  hasCode: ({ event }: { event: EventObject }, params: HasCodeParams) => failureHasCode(event, params.codes),
  /** The server named the fields it refused (or the code belongs to one field). */
  hasFieldErrors: ({ event }: { event: EventObject }) => failureFields(event).length > 0,
};

/** The `hasCode` guard for a transition: true when the actor failed with one of `codes`. */
export function hasCode<const TCodes extends readonly FailureCode[]>(...codes: TCodes) {
  return { type: 'hasCode', params: { codes } } as const;
}

/**
 * Refusals that belong to one field. The server names the field itself (`fields`) for these
 * codes; this is the fallback so such a refusal still marks its field when `fields` is empty.
 */
export const CODE_FIELDS: Partial<Record<ErrorCode, FieldIssue>> = {
  loginIdTaken: { field: 'loginId', rule: 'taken' },
  emailTaken: { field: 'email', rule: 'taken' },
  termsNotAccepted: { field: 'acceptTerms', rule: 'accepted' },
  currentPasswordIncorrect: { field: 'currentPassword', rule: 'incorrect' },
  passwordSameAsOld: { field: 'newPassword', rule: 'sameAsOld' },
  passwordTooShort: { field: 'newPassword', rule: 'minLength' },
  passwordTooSimple: { field: 'newPassword', rule: 'complexity' },
  passwordTooCommon: { field: 'newPassword', rule: 'common' },
  passwordMismatch: { field: 'confirmNewPassword', rule: 'sameAs' },
};

/** Per-field problems of a failure: the server's `fields`, else the field its code belongs to. */
export function failureFields(event: EventObject): FieldIssue[] {
  const error = actorError(event);
  if (!(error instanceof ApiError)) return [];
  if (error.fields.length > 0) return error.fields;
  const issue = error.code === 'network' ? undefined : CODE_FIELDS[error.code];
  return issue ? [issue] : [];
}

export function failureHoldUntil(event: EventObject): string | null {
  const error = actorError(event);
  return error instanceof ApiError ? (error.holdUntil ?? null) : null;
}

export function withoutField(issues: readonly FieldIssue[], field: string): FieldIssue[] {
  return issues.filter((issue) => issue.field !== field);
}

export function validate(schema: v.GenericSchema, payload: unknown): FieldIssue[] {
  const result = parseWith(schema, payload);
  return result.ok ? [] : result.fields;
}

/**
 * The schema's issues plus the client-checkable password policy on `field`; the policy is only
 * reported when the schema found nothing wrong with that field, so one message shows per field.
 */
export function validateNewPassword(
  schema: v.GenericSchema,
  payload: unknown,
  password: string,
  policy: PasswordPolicy,
  field = 'newPassword',
): FieldIssue[] {
  const issues = validate(schema, payload);
  if (issues.some((issue) => issue.field === field)) return issues;
  const rule = checkPasswordPolicy(password, policy);
  return rule ? [{ field, rule }, ...issues] : issues;
}
