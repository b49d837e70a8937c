import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { otpLoginMachine } from '../../../machines/login/otp-login.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { formRefusal, refusalMessage, useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { CodeField } from '../../ui/code-field.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from '../features.module.css';
import { otpLoginMessages as m } from './otp-login-messages.ts';

type OtpLoginActor = ActorRefFrom<typeof otpLoginMachine>;
type OtpLoginSnapshot = SnapshotFrom<typeof otpLoginMachine>;

/** On this form the `loginId` field takes a login ID or a login email. */
const FIELD_NAMES = { loginId: fieldNames.loginIdOrEmail, code: m.code };

/** Refusals about the account typed: shown at the login field; the others only in the summary. */
const LOGIN_REFUSALS: ReadonlySet<ShownErrorCode> = new Set<ShownErrorCode>(['otpUnknownLogin', 'otpNoEmail', 'accountInactive', 'otpSchoolAdmin']);

/** Milliseconds left until `until` on the machine's clock, re-read every second while counting. */
function useRemaining(until: string | null, now: () => number): number {
  const [, setTick] = useState(0);
  const left = until ? Math.max(0, Date.parse(until) - now()) : 0;
  useEffect(() => {
    if (!until) return undefined;
    // Only redraws the countdown text; the machine's own delays decide what happens at zero.
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

/** `9:05`: minutes and seconds. */
function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The code entry's refusal: the code the machine kept, in any of its states but `idle` and `invalid`. */
function codeError(snapshot: OtpLoginSnapshot): ShownErrorCode | null {
  if (!snapshot.matches({ codeSent: { entry: 'editing' } })) return null;
  if (snapshot.matches({ codeSent: { entry: { editing: 'idle' } } }) || snapshot.matches({ codeSent: { entry: { editing: 'invalid' } } })) return null;
  return snapshot.context.errorCode;
}

function stageOf(snapshot: OtpLoginSnapshot) {
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches('held')) return 'held';
  if (snapshot.matches('timedOut')) return 'timedOut';
  if (snapshot.matches('expired')) return 'expired';
  if (snapshot.matches('codeSent')) return 'code';
  return 'login';
}

function PasswordLink() {
  const intl = useIntl();
  return (
    <ul className={cx(styles.links)}>
      <li>
        <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.passwordLogin)}</RouteLink>
      </li>
    </ul>
  );
}

function LoginForm({ actor }: { actor: OtpLoginActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, formRefusal);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { summary, errorFor } = useFieldErrors(issues, FIELD_NAMES);
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);

  const failureText = failure ? refusalText(failure) : undefined;
  const atField = failure !== null && LOGIN_REFUSALS.has(failure);
  const items = failureText ? [atField ? { fieldId: 'loginId', text: failureText } : { text: failureText }, ...summary] : summary;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };

  return (
    <>
      <ErrorSummary items={items} focusKey={attempt} />
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
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.sending : m.send)}
        </Button>
      </form>
    </>
  );
}

function CodeForm({ actor }: { actor: OtpLoginActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const refused = useSelector(actor, codeError);
  const verifying = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const resendAvailable = useSelector(actor, (snapshot) => snapshot.matches({ codeSent: { resend: 'available' } }));
  const now = useSelector(actor, (snapshot) => snapshot.context.now);
  const expiresAt = useSelector(actor, (snapshot) => snapshot.context.expiresAt);
  const resendAt = useSelector(actor, (snapshot) => snapshot.context.resendAt);
  const expiresIn = useRemaining(expiresAt, now);
  const resendIn = useRemaining(resendAvailable ? null : resendAt, now);
  const { summary, errorFor } = useFieldErrors(issues, FIELD_NAMES);
  const [attempt, setAttempt] = useState(0);

  const codeText = refused ? refusalText(refused) : errorFor('code');
  const items = refused ? [{ fieldId: 'code', text: refusalText(refused) }] : summary;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'code.submit' });
  };

  return (
    <>
      <ErrorSummary items={items} focusKey={attempt} />
      <Notice tone="success" live>
        <p>{intl.formatMessage(m.sentTo, { loginId: values.loginId })}</p>
      </Notice>
      <form noValidate onSubmit={onSubmit}>
        <CodeField
          id="code"
          label={intl.formatMessage(m.code)}
          hint={intl.formatMessage(m.codeHint)}
          extraHint={intl.formatMessage(m.expiresIn, { time: clock(expiresIn) })}
          error={codeText}
          value={code}
          onValueChange={(value) => actor.send({ type: 'code.change', value })}
        />
        {/* The seconds tick in the hint; screen readers hear only the whole minutes, once each. */}
        <span className="visually-hidden" aria-live="polite">
          {intl.formatMessage(m.minutesLeft, { minutes: Math.ceil(expiresIn / 60_000) })}
        </span>
        <ButtonGroup>
          <Button type="submit" busy={verifying}>
            {intl.formatMessage(verifying ? m.loggingIn : m.login)}
          </Button>
          <Button variant="secondary" disabled={verifying} onClick={() => actor.send({ type: 'login.edit' })}>
            {intl.formatMessage(m.editLogin)}
          </Button>
        </ButtonGroup>
      </form>
      {resendAvailable ? (
        <Button variant="link" disabled={verifying} onClick={() => actor.send({ type: 'code.resend' })}>
          {intl.formatMessage(m.resend)}
        </Button>
      ) : (
        <p>{intl.formatMessage(m.resendIn, { time: clock(resendIn) })}</p>
      )}
    </>
  );
}

/** Login → emailed code with its countdowns → signed in; timed out, expired and held have their own screens. */
export function OtpLoginView({ actor }: { actor: OtpLoginActor }) {
  const intl = useIntl();
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
    const time = holdUntil ? intl.formatDate(holdUntil, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }) : '';
    return (
      <Page title={title}>
        <Notice tone="warning" title={intl.formatMessage(m.heldTitle)} live>
          <p>{intl.formatMessage(refusalMessage('otpHeld'), { holdUntil: intl.formatMessage(m.hongKongTime, { time }) })}</p>
        </Notice>
        <PasswordLink />
      </Page>
    );
  }
  if (stage === 'timedOut' || stage === 'expired') {
    return (
      <Page title={title}>
        <Notice tone="warning" title={intl.formatMessage(stage === 'timedOut' ? m.timedOutTitle : m.expiredTitle)} live>
          <p>{intl.formatMessage(stage === 'timedOut' ? m.timedOutBody : m.expiredBody)}</p>
        </Notice>
        <ButtonGroup>
          <Button onClick={() => actor.send({ type: 'code.resend' })}>{intl.formatMessage(m.resend)}</Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'login.edit' })}>
            {intl.formatMessage(m.editLogin)}
          </Button>
        </ButtonGroup>
        <PasswordLink />
      </Page>
    );
  }
  return (
    <Page title={title} lead={intl.formatMessage(m.lead)}>
      {stage === 'code' ? <CodeForm actor={actor} /> : <LoginForm actor={actor} />}
      <PasswordLink />
    </Page>
  );
}
