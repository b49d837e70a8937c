import { useSelector } from '@xstate/react';
import { useCallback, type FormEvent } from 'react';
import type { AnyActorRef, AnyMachineSnapshot, SnapshotFrom } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { ShownErrorCode } from '../i18n/error-messages.ts';
import { formRefusal, useRefusalText, type RefusalWording } from '../i18n/refusal-messages.ts';
import type { FieldWording } from '../i18n/field-messages.ts';
import { useFieldErrors } from '../i18n/use-form-errors.ts';
import type { ErrorSummaryItem } from './error-summary.tsx';
import { useSubmit } from './use-submit.ts';

/** The refusals that concern one field on every form: a refused reCAPTCHA leads to its widget. */
const REFUSAL_FIELDS: Partial<Record<ShownErrorCode, string>> = { recaptchaFailed: 'recaptcha' };

export interface FormStateOptions<TActor extends AnyActorRef> {
  /** The form's own sentences for some (field, rule) pairs, keyed `<field>.<rule>` (see `useFieldErrors`). */
  fieldWording?: FieldWording;
  /** The form's own words for some refusal codes (see `useRefusalText`). */
  wording?: RefusalWording;
  /** The field a refusal concerns, when there is one: its text is repeated there and the summary links to it. */
  refusalFields?: Partial<Record<ShownErrorCode, string>>;
  /** Which refusal shows now; by default `formRefusal` (the machine's top-level `editing`). */
  refusal?: (snapshot: SnapshotFrom<TActor>) => ShownErrorCode | null;
}

export interface FormState<TValues> {
  values: TValues;
  busy: boolean;
  /** The refusal code shown now, or null. */
  refusal: ShownErrorCode | null;
  /** The error summary's items: one per field in error, then the refusal. */
  items: ErrorSummaryItem[];
  /** The message at a field: its own problem, else the refusal that concerns it. */
  errorFor: (field: string) => string | null;
  /** Submissions so far; the summary takes focus again on each (`focusKey`). */
  attempt: number;
  /** Sends `form.submit`. */
  onSubmit: (event?: FormEvent) => void;
  /** Sends `form.change` with a field and its new value. */
  set: (field: keyof TValues & string, value: TValues[keyof TValues]) => void;
  /** A field's change handler: `set` for that field. */
  change: (field: keyof TValues & string) => (value: TValues[keyof TValues]) => void;
  /** A control's wiring for a field: its id (the field's name), error, value and change handler. */
  field: <K extends keyof TValues & string>(name: K) => { id: K; error: string | null; value: TValues[K]; onValueChange: (value: TValues[K]) => void };
}

type ValuesOf<TActor extends AnyActorRef> = SnapshotFrom<TActor> extends { context: { values: infer V } } ? V : never;

/**
 * What every form view reads from its machine (`machines/form.ts`: `context.values`,
 * `fieldErrors`, `errorCode`, `holdUntil`, the `busy` tag) turned into what it shows: values,
 * field errors, the refusal, the error summary's items and the submit handler. One hook instead
 * of the same dozen selectors in every form view.
 */
export function useFormState<TActor extends AnyActorRef>(actor: TActor, options: FormStateOptions<TActor> = {}): FormState<ValuesOf<TActor>> {
  const { fieldWording, wording, refusalFields } = options;
  const refusalOf = (options.refusal ?? formRefusal) as (snapshot: AnyMachineSnapshot) => ShownErrorCode | null;
  // Every form machine's snapshot has these (machines/form.ts); the actor's own type says what `values` holds.
  const form: AnyActorRef = actor;
  const values = useSelector(form, (snapshot: AnyMachineSnapshot) => snapshot.context.values) as ValuesOf<TActor>;
  const issues = useSelector(form, (snapshot: AnyMachineSnapshot) => snapshot.context.fieldErrors as readonly FieldIssue[]);
  const holdUntil = useSelector(form, (snapshot: AnyMachineSnapshot) => (snapshot.context.holdUntil as string | null | undefined) ?? null);
  const refusal = useSelector(form, refusalOf);
  const busy = useSelector(form, (snapshot: AnyMachineSnapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useFieldErrors(issues, fieldWording);
  const refusalText = useRefusalText(wording);
  const submit = useCallback(() => actor.send({ type: 'form.submit' }), [actor]);
  const { attempt, onSubmit } = useSubmit(submit);

  const refusalItem: ErrorSummaryItem | null = refusal
    ? { fieldId: refusalFields?.[refusal] ?? REFUSAL_FIELDS[refusal], text: refusalText(refusal, { holdUntil }) }
    : null;
  const items = refusalItem ? [...fieldErrors.summary, refusalItem] : fieldErrors.summary;
  const errorFor = (field: string) => fieldErrors.errorFor(field) ?? (refusalItem && refusalItem.fieldId === field ? refusalItem.text : null);
  const set = (field: string, value: unknown) => actor.send({ type: 'form.change', field, value });
  const change = (field: string) => (value: unknown) => set(field, value);
  const field = <K extends keyof ValuesOf<TActor> & string>(name: K) => ({ id: name, error: errorFor(name), value: values[name], onValueChange: change(name) });
  return { values, busy, refusal, items, errorFor, attempt, onSubmit, set, change, field };
}
