import type { InputHTMLAttributes } from 'react';
import { cx } from './cx.ts';
import { Field, type TextFieldProps } from './field.tsx';
import styles from './field.module.css';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'width'>, TextFieldProps {
  /** Width in characters, so the box hints at the expected length (GOV.UK). */
  width?: 10 | 20 | 30;
}

const WIDTH_CLASS = { 10: styles.width10, 20: styles.width20, 30: styles.width30 } as const;

export function TextInput({ id, label, hint, error, value, onValueChange, width = 30, className, type = 'text', ...rest }: TextInputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...rest}
          {...control}
          type={type}
          name={rest.name ?? id}
          className={cx(styles.input, WIDTH_CLASS[width], error && styles.inputError, className)}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
