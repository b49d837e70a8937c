import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { cx } from './cx.ts';
import styles from './field.module.css';
import { uiMessages } from './ui-messages.ts';

/** What a control needs to be wired to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/** The error line of a field, with the hidden "Error:" prefix screen readers hear first. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <p id={id} className={cx(styles.error)}>
      <span className="visually-hidden">{intl.formatMessage(uiMessages.errorPrefix)} </span>
      {children}
    </p>
  );
}

/** A field's hint (`<id>-hint`) and its error line (`<id>-error`), each only when given. */
export function HintAndError({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null | undefined }) {
  return (
    <>
      {hint ? (
        <div id={`${id}-hint`} className={cx(styles.hint)}>
          {hint}
        </div>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </>
  );
}

/** What a labelled text input takes: its id, label, hint and error, its value and the change callback. */
export interface TextFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  value: string;
  onValueChange: (value: string) => void;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** GOV.UK field: label above, hint under it, the error repeated at the field, then the control. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx(styles.field, error && styles.fieldError)}>
      <label className={cx(styles.label)} htmlFor={id}>
        {label}
      </label>
      <HintAndError id={id} hint={hint} error={error} />
      {children({ id, 'aria-describedby': describedBy(hintId, errorId), 'aria-invalid': error ? true : undefined })}
    </div>
  );
}
