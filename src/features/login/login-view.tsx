import { useSelector } from '@xstate/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { passwordLoginMachine } from '../../../machines/login/password-login.machine.ts';
import { errorMessage } from '../../i18n/error-messages.ts';
import { formRefusal, useRefusalText } from '../../i18n/refusal-messages.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Page } from '../../ui/page.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from '../features.module.css';
import { cx } from '../../ui/cx.ts';
import { loginMessages } from './login-messages.ts';
import { PasswordChallenge } from './password-challenge.tsx';

type LoginActor = ActorRefFrom<typeof passwordLoginMachine>;

/** On this form the `loginId` field takes a login ID or a login email. */
const FIELD_NAMES = { loginId: fieldNames.loginIdOrEmail };

/** Hold times are Hong Kong time whatever the device's zone, to the second (the first waits are seconds long). */
const HOLD_TIME = { timeZone: 'Asia/Hong_Kong', dateStyle: 'medium', timeStyle: 'medium' } as const;

/** Password login: login ID or email, password, and the ways onward. */
export function LoginView({ actor, thirdParty }: { actor: LoginActor; /** The Google button (issue 10), under the form. */ thirdParty?: ReactNode }) {
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, formRefusal);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const done = useSelector(actor, (snapshot) => snapshot.matches('done'));
  const secondFactor = useSelector(actor, (snapshot) => snapshot.matches('secondFactor'));
  const { summary, errorFor } = useFieldErrors(issues, FIELD_NAMES);
  const refusalText = useRefusalText();
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);

  const title = intl.formatMessage(loginMessages.title);
  if (secondFactor) {
    return (
      <Page title={title} focusHeading={false}>
        <Spinner label={intl.formatMessage(loginMessages.secondFactor)} />
      </Page>
    );
  }
  if (done) {
    return (
      <Page title={title} focusHeading={false}>
        <Spinner label={intl.formatMessage(loginMessages.signedIn)} />
      </Page>
    );
  }

  const failureText = (code: NonNullable<typeof failure>) =>
    code === 'loginThrottled' && holdUntil
      ? intl.formatMessage(errorMessage('loginThrottled'), { holdUntil: intl.formatDate(holdUntil, HOLD_TIME) })
      : refusalText(code);
  // The challenge's message leads to its widget; every other refusal to the login field.
  const items = failure ? [{ fieldId: failure === 'loginChallengeRequired' ? 'recaptcha' : 'loginId', text: failureText(failure) }, ...summary] : summary;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };

  return (
    <Page title={title}>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="loginId"
          label={intl.formatMessage(fieldNames.loginIdOrEmail)}
          hint={intl.formatMessage(loginMessages.loginIdHint)}
          error={errorFor('loginId')}
          value={values.loginId}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'loginId', value })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <PasswordInput
          id="password"
          label={intl.formatMessage(fieldNames.password)}
          error={errorFor('password')}
          value={values.password}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'password', value })}
          autoComplete="current-password"
        />
        <PasswordChallenge actor={actor} error={errorFor('recaptcha')} />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? loginMessages.submitting : loginMessages.submit)}
        </Button>
      </form>
      {thirdParty}
      <h2 className={cx(styles.subheading)}>{intl.formatMessage(loginMessages.otherWays)}</h2>
      <ul className={cx(styles.links)}>
        <li>
          <RouteLink to="/{-$lang}/forget-password">{intl.formatMessage(loginMessages.forgotPassword)}</RouteLink>
        </li>
        <li>
          <RouteLink to="/{-$lang}/otp-login">{intl.formatMessage(loginMessages.otpLogin)}</RouteLink>
        </li>
        <li>
          <RouteLink to="/{-$lang}/qr-login">{intl.formatMessage(loginMessages.qrLogin)}</RouteLink>
        </li>
        <li>
          <RouteLink to="/{-$lang}/users/register">{intl.formatMessage(loginMessages.register)}</RouteLink>
        </li>
      </ul>
    </Page>
  );
}
