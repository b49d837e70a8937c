import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { PASSWORD_STRENGTH_LABELS, type PasswordStrength } from '../../contract/constants.ts';
import { cx } from './cx.ts';
import styles from './password-meter.module.css';
import { uiMessages } from './ui-messages.ts';

type StrengthModule = typeof import('./password-strength.ts');

let strengthModule: Promise<StrengthModule> | null = null;

/** zxcvbn and its dictionaries arrive on the first password screen only. */
export function loadPasswordStrength(): Promise<StrengthModule> {
  if (!strengthModule) {
    strengthModule = import('./password-strength.ts').catch((error: unknown) => {
      strengthModule = null;
      throw error;
    });
  }
  return strengthModule;
}

const LEVEL_CLASS = [styles.level0, styles.level1, styles.level2, styles.level3, styles.level4];

export interface PasswordMeterProps {
  password: string;
  /** Words that make a password weak for this user (login ID, name, email). */
  userInputs?: readonly string[];
  id?: string;
}

/** Strength 0–4 (Very weak … Very strong) from zxcvbn, announced politely as it changes. */
export function PasswordMeter({ password, userInputs = [], id }: PasswordMeterProps) {
  const intl = useIntl();
  // The score is derived UI feedback computed off the main render, not flow state.
  const [result, setResult] = useState<{ score: PasswordStrength } | null>(null);
  const inputsKey = userInputs.join('\u0000');

  useEffect(() => {
    if (!password) return;
    let current = true;
    const timer = setTimeout(() => {
      loadPasswordStrength().then(
        ({ passwordStrength }) => {
          if (current) setResult({ score: passwordStrength(password, inputsKey ? inputsKey.split('\u0000') : []) });
        },
        () => {
          // Without the checker the meter stays silent; the server still enforces the policy.
        },
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  // Keep showing the last score while the next one is computed, so the announcement does not flap.
  const score = password && result ? result.score : null;
  const strength = score === null ? null : intl.formatMessage(uiMessages[PASSWORD_STRENGTH_LABELS[score]]);
  return (
    <div id={id} className={cx(styles.meter, score !== null && LEVEL_CLASS[score])}>
      {password ? (
        <div className={cx(styles.bars)} aria-hidden="true">
          <span className={cx(styles.bar)} />
          <span className={cx(styles.bar)} />
          <span className={cx(styles.bar)} />
          <span className={cx(styles.bar)} />
        </div>
      ) : null}
      <span className={cx(styles.text)} aria-live="polite">
        {!password ? '' : strength === null ? intl.formatMessage(uiMessages.strengthChecking) : intl.formatMessage(uiMessages.strengthValue, { strength })}
      </span>
    </div>
  );
}
