import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.ts';
import { describedBy, FieldError } from './field.tsx';
import styles from './field.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'checked' | 'onChange' | 'type'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A single checkbox with its own error line (e.g. accepting the terms of service). */
export function Checkbox({ id, label, hint, error, checked, onCheckedChange, ...rest }: CheckboxProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx(styles.field, error && styles.fieldError)}>
      {error && errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
      <div className={cx(styles.choice)}>
        <input
          {...rest}
          id={id}
          name={rest.name ?? id}
          type="checkbox"
          className={cx(styles.choiceInput)}
          checked={checked}
          aria-describedby={describedBy(hintId, errorId)}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <label htmlFor={id} className={cx(styles.choiceLabel)}>
          {label}
          {hint ? (
            <span id={hintId} className={cx(styles.choiceHint)}>
              {hint}
            </span>
          ) : null}
        </label>
      </div>
    </div>
  );
}
