import { useIntl } from 'react-intl';
import type { PasswordPolicy } from '../../contract/password-policy.ts';
import { fieldNames } from '../i18n/field-messages.ts';
import { cx } from './cx.ts';
import { PasswordInput } from './password-input.tsx';
import { PasswordMeter } from './password-meter.tsx';
import { newPasswordMessages as m } from './new-password-messages.ts';
import styles from './new-password.module.css';

export type NewPasswordField = 'newPassword' | 'confirmNewPassword';

export interface NewPasswordFieldsProps {
  /** The server's policy, as the machine checks it: the hint lists exactly what is enforced. */
  policy: PasswordPolicy;
  values: Record<NewPasswordField, string>;
  errorFor: (field: string) => string | null;
  onChange: (field: NewPasswordField, value: string) => void;
  /** Words that make a password weak for this account (login ID, email), for the meter. */
  userInputs?: readonly string[];
}

/** The rules a new password must meet, from the server's settings. */
export function PasswordRules({ policy }: { policy: PasswordPolicy }) {
  const intl = useIntl();
  return (
    <ul className={cx(styles.rules)}>
      <li>{intl.formatMessage(m.policyMinLength, { minLength: policy.minLength })}</li>
      {policy.complexity > 1 ? <li>{intl.formatMessage(m.policyComplexity, { complexity: policy.complexity })}</li> : null}
      <li>{intl.formatMessage(m.policyNotCommon)}</li>
    </ul>
  );
}

/**
 * New password (with its rules and the strength meter) and its confirmation, shared by
 * activation, reset and change password. The meter loads zxcvbn on the first keystroke only.
 */
export function NewPasswordFields({ policy, values, errorFor, onChange, userInputs }: NewPasswordFieldsProps) {
  const intl = useIntl();
  return (
    <>
      <PasswordInput
        id="newPassword"
        label={intl.formatMessage(fieldNames.newPassword)}
        hint={<PasswordRules policy={policy} />}
        error={errorFor('newPassword')}
        value={values.newPassword}
        onValueChange={(value) => onChange('newPassword', value)}
        autoComplete="new-password"
        after={<PasswordMeter id="newPassword-strength" password={values.newPassword} userInputs={userInputs ?? []} />}
      />
      <PasswordInput
        id="confirmNewPassword"
        label={intl.formatMessage(fieldNames.confirmNewPassword)}
        hint={intl.formatMessage(m.confirmHint)}
        error={errorFor('confirmNewPassword')}
        value={values.confirmNewPassword}
        onValueChange={(value) => onChange('confirmNewPassword', value)}
        autoComplete="new-password"
      />
    </>
  );
}
