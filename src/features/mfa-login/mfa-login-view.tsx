import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/constants.ts';
import type { mfaLoginMachine } from '../../../machines/mfa-login/mfa-login.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { hkRetry, hkTime } from '../../i18n/hk-time.ts';
import { formRefusal } from '../../i18n/refusal-messages.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { clock, useCountdown } from '../../ui/use-countdown.ts';
import { useSubmit } from '../../ui/use-submit.ts';
import { mfaLoginMessages as m } from './mfa-login-messages.ts';
import { MfaEndedPage, MfaPage, MfaSharedPage, isSharedStage } from './mfa-stage-pages.tsx';

type MfaLoginActor = ActorRefFrom<typeof mfaLoginMachine>;
type MfaLoginSnapshot = SnapshotFrom<typeof mfaLoginMachine>;


type Stage = 'loading' | 'loadFailed' | 'setup' | 'waiting' | 'expired' | 'held' | 'done';

function stageOf(snapshot: MfaLoginSnapshot): Stage {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('editing') || snapshot.matches('sending')) return 'setup';
  if (snapshot.matches('expired')) return 'expired';
  if (snapshot.matches('held')) return 'held';
  if (snapshot.matches('done')) return 'done';
  return 'waiting';
}

/** The waiting screen's message: pressed too early, or another failure, kept in `errorCode`. */
function waitingRefusal(snapshot: MfaLoginSnapshot): ShownErrorCode | null {
  if (snapshot.matches({ waiting: { notice: 'notCompleted' } }) || snapshot.matches({ waiting: { notice: 'failed' } })) return snapshot.context.errorCode;
  return null;
}

/** Times are Hong Kong time, where the platform's people are; the message says so. */
function useHongKongTime(): (iso: string | null | undefined) => string {
  const intl = useIntl();
  return (iso) => hkTime(intl, iso);
}

function SetupForm({ actor }: { actor: MfaLoginActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const hkTime = useHongKongTime();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, formRefusal);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const expiresAt = useSelector(actor, (snapshot) => snapshot.context.status?.expiresAt);
  // Back here from the waiting screen ("Use another address"): a link went out already.
  const changing = useSelector(actor, (snapshot) => snapshot.context.status?.step === 'waiting');
  const { summary, errorFor } = useFieldErrors(issues);
  const { attempt, onSubmit } = useSubmit(() => actor.send({ type: 'form.submit' }));
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const refused = failure ? errorText(failure, { holdUntil }) : null;
  const items = refused ? [{ fieldId: 'email', text: refused }, ...summary] : summary;

  return (
    <>
      <ErrorSummary items={items} focusKey={attempt} />
      {changing ? <p>{intl.formatMessage(m.changeLead, { count: HOLD_MAX_ATTEMPTS + 1 })}</p> : null}
      <p>{intl.formatMessage(m.timeLimit, { time: hkTime(expiresAt) })}</p>
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="email"
          type="email"
          label={intl.formatMessage(m.email)}
          hint={intl.formatMessage(m.emailHint)}
          error={refused ?? errorFor('email')}
          value={values.email}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'email', value })}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <ButtonGroup>
          <Button type="submit" busy={busy}>
            {intl.formatMessage(busy ? m.sending : m.send)}
          </Button>
          {changing ? (
            <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'change.cancel' })}>
              {intl.formatMessage(m.keepEmail)}
            </Button>
          ) : null}
        </ButtonGroup>
      </form>
    </>
  );
}

function Waiting({ actor }: { actor: MfaLoginActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const hkTime = useHongKongTime();
  const status = useSelector(actor, (snapshot) => snapshot.context.status);
  // The address typed in this tab, in full, so a typo shows; the server's masked one after a reload.
  const typed = useSelector(actor, (snapshot) => snapshot.context.sentEmail);
  const refused = useSelector(actor, waitingRefusal);
  const resent = useSelector(actor, (snapshot) => snapshot.matches({ waiting: { notice: 'resent' } }));
  const completing = useSelector(actor, (snapshot) => snapshot.matches('completing'));
  const resending = useSelector(actor, (snapshot) => snapshot.matches('resending'));
  const resendAvailable = useSelector(actor, (snapshot) => snapshot.matches({ waiting: { resend: 'available' } }));
  const now = useSelector(actor, (snapshot) => snapshot.context.now);
  const resendIn = useCountdown(resendAvailable ? null : status?.resendAt, now);
  // Counts presses so the error summary takes focus again when the same refusal comes back.
  const { attempt, onSubmit: complete } = useSubmit(() => actor.send({ type: 'verification.complete' }));

  return (
    <>
      <ErrorSummary items={refused ? [{ text: errorText(refused) }] : []} focusKey={attempt} />
      <Notice tone="success" live>
        <p>{intl.formatMessage(m.sentTo, { email: status?.changeable && typed ? typed : (status?.maskedEmail ?? ''), time: hkTime(status?.expiresAt) })}</p>
        {resent ? <p>{intl.formatMessage(m.resent)}</p> : null}
      </Notice>
      <p>{intl.formatMessage(m.waitingHint)}</p>
      <ButtonGroup>
        <Button
          busy={completing}
          disabled={resending}
          onClick={() => complete()}
        >
          {intl.formatMessage(completing ? m.completing : m.complete)}
        </Button>
        {status?.changeable ? (
          <Button variant="secondary" disabled={completing || resending} onClick={() => actor.send({ type: 'email.change' })}>
            {intl.formatMessage(m.changeEmail)}
          </Button>
        ) : null}
      </ButtonGroup>
      {resendAvailable || resending ? (
        <Button variant="link" busy={resending} disabled={completing} onClick={() => actor.send({ type: 'link.resend' })}>
          {intl.formatMessage(resending ? m.sending : m.resend)}
        </Button>
      ) : (
        <p>{intl.formatMessage(m.resendIn, { time: clock(resendIn) })}</p>
      )}
    </>
  );
}

/** A school administrator's second step: set up the email (first time), wait for the link, go on. */
export function MfaLoginView({ actor }: { actor: MfaLoginActor }) {
  const intl = useIntl();
  const stage = useSelector(actor, stageOf);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);

  if (isSharedStage(stage)) return <MfaSharedPage stage={stage} errorCode={errorCode} onRetry={() => actor.send({ type: 'retry' })} />;
  switch (stage) {
    case 'held':
      return <MfaEndedPage title={intl.formatMessage(m.heldTitle)} text={intl.formatMessage(m.held, { retry: hkRetry(intl, holdUntil) })} />;
    case 'setup':
      return (
        <MfaPage lead={intl.formatMessage(m.setupLead)}>
          <SetupForm actor={actor} />
        </MfaPage>
      );
    default:
      return (
        <MfaPage>
          <Waiting actor={actor} />
        </MfaPage>
      );
  }
}
