import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { passwordLoginMachine } from '../../../machines/login/password-login.machine.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Notice } from '../../ui/notice.tsx';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import styles from '../features.module.css';
import { cx } from '../../ui/cx.ts';
import { loginMessages } from './login-messages.ts';
import { PasswordSignInForm } from './password-sign-in-form.tsx';

type LoginActor = ActorRefFrom<typeof passwordLoginMachine>;

/** Password login: login ID or email, password, and the ways onward. */
export function LoginView({
  actor,
  thirdParty,
  passkey,
  redirectTo,
  signedOutElsewhere = false,
}: {
  actor: LoginActor;
  /** "Sign in with a passkey" (issue 23), under the form. */
  passkey?: ReactNode;
  /** The Google button (issue 10), under the form. */
  thirdParty?: ReactNode;
  /** Where the sign-in goes on to (`?redirect=`): the one-time password and QR code links carry it along. */
  redirectTo?: string | undefined;
  /** This browser's session was ended from elsewhere (the server's `sessionSignedOut`): say so, not "expired". */
  signedOutElsewhere?: boolean;
}) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const done = useSelector(actor, (snapshot) => snapshot.matches('done'));
  const secondFactor = useSelector(actor, (snapshot) => snapshot.matches('secondFactor'));

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

  return (
    <Page title={title}>
      {signedOutElsewhere ? (
        <Notice tone="warning" live>
          <p>{refusalText('sessionSignedOut')}</p>
        </Notice>
      ) : null}
      <PasswordSignInForm actor={actor} hint={loginMessages.loginIdHint} submit={loginMessages.submit} submitting={loginMessages.submitting} passkeyAutofill />
      {passkey}
      {thirdParty}
      <h2 className={cx(styles.subheading)}>{intl.formatMessage(loginMessages.otherWays)}</h2>
      <ul className={cx(styles.links)}>
        <li>
          <RouteLink to="/{-$lang}/forget-password">{intl.formatMessage(loginMessages.forgotPassword)}</RouteLink>
        </li>
        <li>
          <RouteLink to="/{-$lang}/otp-login" search={{ redirect: redirectTo }}>{intl.formatMessage(loginMessages.otpLogin)}</RouteLink>
        </li>
        <li>
          <RouteLink to="/{-$lang}/qr-login" search={{ redirect: redirectTo }}>{intl.formatMessage(loginMessages.qrLogin)}</RouteLink>
        </li>
        <li>
          <RouteLink to="/{-$lang}/users/register">{intl.formatMessage(loginMessages.register)}</RouteLink>
        </li>
      </ul>
    </Page>
  );
}
