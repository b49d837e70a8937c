import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { FieldIssue } from '../../../contract/errors.ts';
import type { ProfileField } from '../../../machines/profile/profile-form.machine.ts';
import { formatFieldIssue } from '../../i18n/field-messages.ts';
import { useFieldSentenceIntl } from '../../i18n/use-form-errors.ts';
import { cx } from '../../ui/cx.ts';
import type { ChoiceOption } from '../../ui/checkbox-group.tsx';
import { Field } from '../../ui/field.tsx';
import fieldStyles from '../../ui/field.module.css';
import styles from '../features.module.css';
import type { ProfileFormActor } from './profile-form-frame.tsx';
import { profileFormMessages } from './profile-form-messages.ts';

export interface ProfileFieldErrors {
  summary: Array<{ fieldId: string; text: string }>;
  errorFor: (field: string) => string | null;
}

/**
 * The machine's field issues as texts, one per field. An issue of an array entry (`interests.2`)
 * belongs to its group (`interests`), whose first checkbox carries the group's id. Each
 * (field, rule) has its own sentence (`FIELD_MESSAGES`; a confirmation's `sameAs` too).
 */
export function useProfileFieldErrors(issues: readonly FieldIssue[]): ProfileFieldErrors {
  const intl = useFieldSentenceIntl(issues.length > 0);
  return useMemo(() => {
    const byField = new Map<string, string>();
    for (const issue of issues) {
      const field = issue.field.replace(/\.\d+$/, '');
      if (!byField.has(field)) byField.set(field, formatFieldIssue(intl, { ...issue, field }));
    }
    return {
      summary: [...byField].map(([fieldId, text]) => ({ fieldId, text })),
      errorFor: (field: string) => byField.get(field) ?? null,
    };
  }, [intl, issues]);
}

/** A profile field's value: a text or a set of codes (the machine's `form.change`). */
type ProfileValue = string | readonly string[];

/** What a control hands back for a field of this value: any text, or any set of codes (the machine checks them). */
type Entered<V> = V extends string ? string : readonly string[];

/**
 * What a profile section's view reads from the profile form machine: its values and read-only
 * details, the field errors, a field's change handler, and `field(name)`, a control's wiring for a
 * field (its id, error, value and change handler) to spread into the control.
 */
export function useProfileForm<TValues extends Partial<Record<ProfileField, ProfileValue>>, TDetails>(actor: ProfileFormActor) {
  const values = useSelector(actor, (snapshot) => snapshot.context.values as unknown as TValues);
  const details = useSelector(actor, (snapshot) => snapshot.context.details as TDetails | null);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const errors = useProfileFieldErrors(issues);
  const change =
    <K extends keyof TValues & ProfileField>(name: K) =>
    (value: Entered<TValues[K]>) =>
      actor.send({ type: 'form.change', field: name, value });
  const field = <K extends keyof TValues & ProfileField>(name: K) => ({ id: name, error: errors.errorFor(name), value: values[name], onValueChange: change(name) });
  return { values, details, errors, change, field };
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  options: readonly ChoiceOption[];
  value: string;
  onValueChange: (value: string) => void;
  /** Offer "Not chosen" (value `''`) first. */
  optional?: boolean;
}

export function SelectField({ id, label, hint, error, options, value, onValueChange, optional = true, ...rest }: SelectFieldProps) {
  const intl = useIntl();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <select
          {...rest}
          {...control}
          name={id}
          className={cx(fieldStyles.input, fieldStyles.width20, error && fieldStyles.inputError)}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {optional ? <option value="">{intl.formatMessage(profileFormMessages.notChosen)}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export interface ReadOnlyRow {
  key: string;
  label: string;
  value: ReactNode;
}

/** Values shown but not edited here (login ID, category, school, domains). */
export function ReadOnlyList({ rows }: { rows: readonly ReadOnlyRow[] }) {
  return (
    <dl className={cx(styles.summaryList)}>
      {rows.map((row) => (
        <div key={row.key} className={cx(styles.summaryRow)}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Options from codes and a label per code. */
export function useOptions(codes: readonly string[], labels: Readonly<Record<string, MessageDescriptor>>): ChoiceOption[] {
  const intl = useIntl();
  return useMemo(() => codes.map((code) => ({ value: code, label: labels[code] ? intl.formatMessage(labels[code]) : code })), [intl, codes, labels]);
}
