import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { cx } from './cx.ts';
import { Field, type TextFieldProps } from './field.tsx';
import styles from './field.module.css';
import { uiMessages } from './ui-messages.ts';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type'>, TextFieldProps {
  /** `current-password` to sign in, `new-password` to set one (password managers rely on it). */
  autoComplete: 'current-password' | 'new-password';
  /** Rendered under the input, inside the field (the strength meter). */
  after?: ReactNode;
}

/** A password field with a show/hide toggle (GOV.UK password input pattern). */
export function PasswordInput({ id, label, hint, error, value, onValueChange, autoComplete, after, className, ...rest }: PasswordInputProps) {
  const intl = useIntl();
  // Purely presentational: whether the characters are visible is not flow state.
  // null until first toggled, so the live region stays silent on load.
  const [shown, setShown] = useState<boolean | null>(null);
  const visible = shown === true;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <>
          <div className={cx(styles.passwordRow)}>
            <input
              {...rest}
              {...control}
              type={visible ? 'text' : 'password'}
              name={rest.name ?? id}
              autoComplete={autoComplete}
              autoCapitalize="none"
              spellCheck={false}
              className={cx(styles.input, error && styles.inputError, className)}
              value={value}
              onChange={(event) => onValueChange(event.target.value)}
            />
            <button
              type="button"
              className={cx(styles.toggle)}
              aria-controls={id}
              aria-label={intl.formatMessage(visible ? uiMessages.hidePasswordLabel : uiMessages.showPasswordLabel)}
              onClick={() => setShown(!visible)}
            >
              {intl.formatMessage(visible ? uiMessages.hidePassword : uiMessages.showPassword)}
            </button>
          </div>
          <span className="visually-hidden" aria-live="polite">
            {shown === null ? '' : intl.formatMessage(visible ? uiMessages.passwordShown : uiMessages.passwordHidden)}
          </span>
          {after}
        </>
      )}
    </Field>
  );
}
