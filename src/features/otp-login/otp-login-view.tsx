import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { otpLoginMachine } from '../../../machines/otp-login/otp-login.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { fieldNames, LOGIN_ID_OR_EMAIL_WORDING } from '../../i18n/field-messages.ts';
import { hkRetry } from '../../i18n/hk-time.ts';
import { formRefusal, useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { PasswordChallenge } from '../login/index.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { CodeEntry, CodeExpiredActions, useSentCode } from '../../ui/code-entry.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import styles from '../features.module.css';
import { otpLoginMessages as m } from './otp-login-messages.ts';

type OtpLoginActor = ActorRefFrom<typeof otpLoginMachine>;
type OtpLoginSnapshot = SnapshotFrom<typeof otpLoginMachine>;

/** On this form the `loginId` field takes a login ID or a login email. */
const FIELD_WORDING = LOGIN_ID_OR_EMAIL_WORDING;

/** Refusals about the account typed: shown at the login field; the others only in the summary. */
const LOGIN_REFUSALS: ReadonlySet<ShownErrorCode> = new Set<ShownErrorCode>(['otpUnknownLogin', 'otpNoEmail', 'accountInactive', 'otpSchoolAdmin']);

/** The code entry's words on this page (src/ui/code-entry.tsx). */
const CODE_WORDS = { expiresIn: m.expiresIn, resendIn: m.resendIn, resend: m.resend, submit: m.login, submitting: m.loggingIn, back: m.editLogin, minutesLeft: m.minutesLeft };

function stageOf(snapshot: OtpLoginSnapshot) {
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('held')) return 'held';
  if (snapshot.matches('timedOut')) return 'timedOut';
  if (snapshot.matches('expired')) return 'expired';
  if (snapshot.matches('codeSent')) return 'code';
  return 'login';
}

/** The password login, where the sign-in goes on to the same destination. */
function PasswordLink({ redirectTo }: { redirectTo: string | undefined }) {
  const intl = useIntl();
  return (
    <ul className={cx(styles.links)}>
      <li>
        <RouteLink to="/{-$lang}/login" search={{ redirect: redirectTo }}>
          {intl.formatMessage(m.passwordLogin)}
        </RouteLink>
      </li>
    </ul>
  );
}

/** This form's own words for the challenge (the login's words speak of passwords). */
const WORDING = { loginChallengeRequired: m.challenge };

function LoginForm({ actor }: { actor: OtpLoginActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText(WORDING);
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, formRefusal);
  const alreadySent = useSelector(actor, (snapshot) => (snapshot.matches({ editing: 'tooSoon' }) ? snapshot.context.resendAt : null));
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { summary, errorFor } = useFieldErrors(issues, FIELD_WORDING);
  const { attempt, onSubmit } = useSubmit(() => actor.send({ type: 'form.submit' }));

  // A code already emailed is not an error of the form: its notice says when and offers the code entry.
  const failureText = failure && !alreadySent ? refusalText(failure, { holdUntil }) : undefined;
  const atField = failure !== null && LOGIN_REFUSALS.has(failure);
  // The challenge leads to its widget.
  const challenged = failure === 'loginChallengeRequired';
  const items = failureText ? [atField ? { fieldId: 'loginId', text: failureText } : challenged ? { fieldId: 'recaptcha', text: failureText } : { text: failureText }, ...summary] : summary;
  return (
    <>
      <ErrorSummary items={items} focusKey={attempt} />
      {alreadySent ? (
        <Notice tone="info" title={intl.formatMessage(m.alreadySentTitle)} live>
          <p>{intl.formatMessage(m.alreadySentBody, { retry: hkRetry(intl, alreadySent) })}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'code.enter' })}>
            {intl.formatMessage(m.enterSentCode)}
          </Button>
        </Notice>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="loginId"
          label={intl.formatMessage(fieldNames.loginIdOrEmail)}
          hint={intl.formatMessage(m.loginIdHint)}
          error={atField ? failureText : errorFor('loginId')}
          value={values.loginId}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'loginId', value })}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <PasswordChallenge actor={actor} error={errorFor('recaptcha')} />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.sending : m.send)}
        </Button>
      </form>
    </>
  );
}

/** The code entry's own words for the challenge: this network sent too many wrong codes for the login. */
const CODE_WORDING = { loginChallengeRequired: m.codeChallenge };

function CodeForm({ actor }: { actor: OtpLoginActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText(CODE_WORDING);
  const loginId = useSelector(actor, (snapshot) => snapshot.context.values.loginId);
  const { entry, issues, refused } = useSentCode(actor);
  const { summary, errorFor } = useFieldErrors(issues, FIELD_WORDING);
  // The challenge leads to its widget, the code typed kept; any other refusal is the code field's.
  const challenged = refused === 'loginChallengeRequired';
  const refusedText = refused ? refusalText(refused) : null;

  return (
    <CodeEntry
      {...entry}
      id="code"
      words={CODE_WORDS}
      sentTo={intl.formatMessage(m.sentTo, { loginId })}
      label={intl.formatMessage(m.code)}
      hint={intl.formatMessage(m.codeHint)}
      error={refusedText && !challenged ? refusedText : errorFor('code')}
      summary={refusedText ? [{ fieldId: challenged ? 'recaptcha' : 'code', text: refusedText }] : summary}
      onBack={() => actor.send({ type: 'login.edit' })}
    >
      <PasswordChallenge actor={actor} error={errorFor('recaptcha')} />
    </CodeEntry>
  );
}

/** Login → emailed code with its countdowns → signed in; timed out, expired and held have their own screens. */
export function OtpLoginView({ actor, redirectTo }: { actor: OtpLoginActor; /** Carried to the password login's link. */ redirectTo?: string | undefined }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const stage = useSelector(actor, stageOf);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const title = intl.formatMessage(m.title);

  if (stage === 'done') {
    return (
      <Page title={title} focusHeading={false}>
        <Spinner label={intl.formatMessage(m.signedIn)} />
      </Page>
    );
  }
  if (stage === 'held') {
    return (
      <Page title={title}>
        <Notice tone="warning" title={intl.formatMessage(m.heldTitle)} live>
          <p>{refusalText('otpHeld', { holdUntil })}</p>
        </Notice>
        <PasswordLink redirectTo={redirectTo} />
      </Page>
    );
  }
  if (stage === 'timedOut' || stage === 'expired') {
    return (
      <Page title={title}>
        <Notice tone="warning" title={intl.formatMessage(stage === 'timedOut' ? m.timedOutTitle : m.expiredTitle)} live>
          <p>{intl.formatMessage(stage === 'timedOut' ? m.timedOutBody : m.expiredBody)}</p>
        </Notice>
        <CodeExpiredActions words={CODE_WORDS} onResend={() => actor.send({ type: 'code.resend' })} onBack={() => actor.send({ type: 'login.edit' })} />
        <PasswordLink redirectTo={redirectTo} />
      </Page>
    );
  }
  return (
    <Page title={title} lead={intl.formatMessage(m.lead)}>
      {stage === 'code' ? <CodeForm actor={actor} /> : <LoginForm actor={actor} />}
      <PasswordLink redirectTo={redirectTo} />
    </Page>
  );
}
