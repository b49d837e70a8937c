import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { describedBy, FieldError } from './field.tsx';
import styles from './field.module.css';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
}

export interface RadioGroupProps<V extends string> {
  /** Also the id of the first radio, so an error summary link lands on it. */
  id: string;
  name?: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  options: ReadonlyArray<RadioOption<V>>;
  value: V | null;
  onValueChange: (value: V) => void;
}

/** Radios in a fieldset whose legend asks the question (GOV.UK radios). */
export function RadioGroup<V extends string>({ id, name, legend, hint, error, options, value, onValueChange }: RadioGroupProps<V>) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const groupName = name ?? id;
  return (
    <div className={cx(styles.field, error && styles.fieldError)}>
      <fieldset className={cx(styles.fieldset)} aria-describedby={describedBy(hintId, errorId)}>
        <legend className={cx(styles.legend)}>{legend}</legend>
        {hint ? (
          <div id={hintId} className={cx(styles.hint)}>
            {hint}
          </div>
        ) : null}
        {error && errorId ? <FieldError id={errorId}>{error}</FieldError> : null}
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option.value}`;
          const optionHintId = option.hint ? `${optionId}-hint` : undefined;
          return (
            <div key={option.value} className={cx(styles.choice)}>
              <input
                id={optionId}
                type="radio"
                name={groupName}
                value={option.value}
                className={cx(styles.choiceInput)}
                checked={value === option.value}
                aria-describedby={optionHintId}
                onChange={() => onValueChange(option.value)}
              />
              <label htmlFor={optionId} className={cx(styles.choiceLabel)}>
                {option.label}
                {option.hint ? (
                  <span id={optionHintId} className={cx(styles.choiceHint)}>
                    {option.hint}
                  </span>
                ) : null}
              </label>
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}
