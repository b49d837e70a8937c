import type { ChangeEvent, ReactNode } from 'react';
import { cx } from './cx.ts';
import { describedBy, HintAndError } from './field.tsx';
import styles from './field.module.css';

export interface ChoiceFieldsetProps {
  /** The id of the group's first control: its hint and error ids derive from it. */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  children: ReactNode;
}

/** The frame of a group of radios or checkboxes: a fieldset whose legend asks the question, its hint and error. */
export function ChoiceFieldset({ id, legend, hint, error, children }: ChoiceFieldsetProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx(styles.field, error && styles.fieldError)}>
      <fieldset className={cx(styles.fieldset)} aria-describedby={describedBy(hintId, errorId)}>
        <legend className={cx(styles.legend)}>{legend}</legend>
        <HintAndError id={id} hint={hint} error={error} />
        {children}
      </fieldset>
    </div>
  );
}

export interface ChoiceItemProps {
  id: string;
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The id of the option's own hint (`hint`). */
  hintId?: string | undefined;
  /**
   * The option's hint, under its label but outside it (GOV.UK's radios and checkboxes): the
   * option's name is its label alone, and the hint describes it (`aria-describedby`).
   */
  hint?: ReactNode;
  /** The label's content. */
  children: ReactNode;
}

/** One checkbox or radio of a `ChoiceFieldset`, with its label. */
export function ChoiceItem({ id, type, name, value, checked, onChange, hintId, hint, children }: ChoiceItemProps) {
  return (
    <div className={cx(styles.choice)}>
      <input
        id={id}
        type={type}
        name={name}
        value={value}
        className={cx(styles.choiceInput)}
        checked={checked}
        aria-describedby={hintId}
        onChange={onChange}
      />
      <div>
        <label htmlFor={id} className={cx(styles.choiceLabel)}>
          {children}
        </label>
        {hint ? (
          <span id={hintId} className={cx(styles.choiceHint)}>
            {hint}
          </span>
        ) : null}
      </div>
    </div>
  );
}
