import type { ChangeEvent } from 'react';
import { cx } from '../../ui/cx.ts';
import styles from './org-account.module.css';

export interface OrgSelectProps<V extends string> {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** A labelled choice of the school email list (group, order, a record's teacher type). */
export function OrgSelect<V extends string>({ id, label, value, options, onChange, disabled }: OrgSelectProps<V>) {
  return (
    <div>
      <label className={cx(styles.label)} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={cx(styles.select)} value={value} disabled={disabled} onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
