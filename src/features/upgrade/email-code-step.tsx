import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldIssue } from '../../../contract/errors.ts';
import type { EmailCodeContext } from '../../../machines/upgrade/email-code-step.ts';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { CodeField } from '../../ui/code-field.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { upgradeMessages as m } from './upgrade-messages.ts';

/**
 * The view block of the email-code step every upgrade shares (machines/upgrade/email-code-step.ts):
 * the email form, the code form with its countdowns, the expired and held notices. It reads only
 * what it is given and sends the fragment's events, so each upgrade's view mounts it as is.
 */

export type EmailCodeStage = 'email' | 'sending' | 'code' | 'verifying' | 'codeExpired' | 'held';

export interface EmailCodeStepProps {
  stage: EmailCodeStage;
  email: string;
  code: string;
  fieldErrors: readonly FieldIssue[];
  /** A refusal with a state of its own, or a failure (shown as the SPEC's generic upgrade failure). */
  refusal: ShownErrorCode | null;
  /** The refusal came with no state of its own: show 'Something went wrong, try again later.'. */
  failed: boolean;
  resendAvailable: boolean;
  codeExpiresAt: string | null;
  codeResendAt: string | null;
  holdUntil: string | null;
  now: () => number;
  send: (event: { type: 'form.change'; field: 'email' | 'code'; value: string } | { type: 'form.submit' } | { type: 'code.resend' } | { type: 'email.edit' }) => void;
}

const FIELD_NAMES = { email: m.email, code: m.code };

/** Milliseconds left until `until` on the machine's clock, re-read every second while counting. */
function useRemaining(until: string | null, now: () => number): number {
  const [, setTick] = useState(0);
  const left = until ? Math.max(0, Date.parse(until) - now()) : 0;
  useEffect(() => {
    if (!until) return undefined;
    // Only redraws the countdown; the machine's own delays decide what happens at zero.
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function EmailCodeStep(props: EmailCodeStepProps) {
  const { stage, send } = props;
  const intl = useIntl();
  const refusalText = useRefusalText();
  if (stage === 'held') {
    const time = props.holdUntil ? intl.formatDate(props.holdUntil, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }) : '';
    return (
      <>
        <h3>{intl.formatMessage(m.heldHeading)}</h3>
        <Notice tone="warning" live>
          <p>{refusalText('held', { holdUntil: props.holdUntil })}</p>
          <p>{intl.formatMessage(m.resumeUntil, { time })}</p>
        </Notice>
      </>
    );
  }
  if (stage === 'codeExpired') {
    return (
      <>
        <h3>{intl.formatMessage(m.codeExpiredHeading)}</h3>
        <Notice tone="warning" live>
          <p>{intl.formatMessage(m.codeExpiredBody)}</p>
        </Notice>
        <ButtonGroup>
          <Button onClick={() => send({ type: 'code.resend' })}>{intl.formatMessage(m.resend)}</Button>
          <Button variant="secondary" onClick={() => send({ type: 'email.edit' })}>
            {intl.formatMessage(m.editEmail)}
          </Button>
        </ButtonGroup>
      </>
    );
  }
  return stage === 'email' || stage === 'sending' ? <EmailForm {...props} /> : <CodeForm {...props} />;
}

function EmailForm({ stage, email, fieldErrors, refusal, failed, send }: EmailCodeStepProps) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const { summary, errorFor } = useFieldErrors(fieldErrors, FIELD_NAMES);
  const [attempt, setAttempt] = useState(0);
  const busy = stage === 'sending';
  const failureText = failed ? intl.formatMessage(m.failed) : refusal ? refusalText(refusal) : null;
  const atField = refusal === 'loginEmailTaken';
  const items = failureText ? [atField ? { fieldId: 'upgrade-email', text: failureText } : { text: failureText }] : summary.map((item) => ({ ...item, fieldId: `upgrade-${item.fieldId}` }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    send({ type: 'form.submit' });
  };
  return (
    <>
      <h3>{intl.formatMessage(m.emailHeading)}</h3>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="upgrade-email"
          type="email"
          label={intl.formatMessage(m.email)}
          hint={intl.formatMessage(m.emailHint)}
          error={atField ? failureText : errorFor('email')}
          value={email}
          onValueChange={(value) => send({ type: 'form.change', field: 'email', value })}
          autoComplete="email"
          spellCheck={false}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.sending : m.sendCode)}
        </Button>
      </form>
    </>
  );
}

function CodeForm({ stage, email, code, fieldErrors, refusal, failed, resendAvailable, codeExpiresAt, codeResendAt, now, send }: EmailCodeStepProps) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const { summary, errorFor } = useFieldErrors(fieldErrors, FIELD_NAMES);
  const [attempt, setAttempt] = useState(0);
  const verifying = stage === 'verifying';
  const expiresIn = useRemaining(codeExpiresAt, now);
  const resendIn = useRemaining(resendAvailable ? null : codeResendAt, now);
  const failureText = failed ? intl.formatMessage(m.failed) : refusal ? refusalText(refusal) : null;
  const items = failureText ? [{ fieldId: 'upgrade-code', text: failureText }] : summary.map((item) => ({ ...item, fieldId: `upgrade-${item.fieldId}` }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    send({ type: 'form.submit' });
  };
  return (
    <>
      <h3>{intl.formatMessage(m.codeHeading)}</h3>
      <ErrorSummary items={items} focusKey={attempt} />
      <Notice tone="success" live>
        <p>{intl.formatMessage(m.sentTo, { email })}</p>
      </Notice>
      <form noValidate onSubmit={onSubmit}>
        <CodeField
          id="upgrade-code"
          label={intl.formatMessage(m.code)}
          extraHint={intl.formatMessage(m.expiresIn, { time: clock(expiresIn) })}
          error={failureText ?? errorFor('code')}
          value={code}
          onValueChange={(value) => send({ type: 'form.change', field: 'code', value })}
        />
        <ButtonGroup>
          <Button type="submit" busy={verifying}>
            {intl.formatMessage(verifying ? m.verifying : m.verify)}
          </Button>
          <Button variant="secondary" disabled={verifying} onClick={() => send({ type: 'email.edit' })}>
            {intl.formatMessage(m.editEmail)}
          </Button>
        </ButtonGroup>
      </form>
      {resendAvailable ? (
        <Button variant="link" disabled={verifying} onClick={() => send({ type: 'code.resend' })}>
          {intl.formatMessage(m.resend)}
        </Button>
      ) : (
        <p>{intl.formatMessage(m.resendIn, { time: clock(resendIn) })}</p>
      )}
    </>
  );
}

/** What the step reads of any upgrade machine that spreads the fragment in (student or full member). */
type EmailCodeSnapshot = Snapshot<unknown> & {
  context: EmailCodeContext;
  matches: (state: never) => boolean;
  _nodes: readonly { key: string }[];
};
type EmailCodeEvent = Parameters<EmailCodeStepProps['send']>[0];
/** An upgrade actor: its snapshot has the fragment's states and context, it takes the fragment's events. */
export type EmailCodeActor = ActorRef<EmailCodeSnapshot, EventObject>;

const matches = (snapshot: EmailCodeSnapshot, state: unknown) => snapshot.matches(state as never);

function emailCodeStage(snapshot: EmailCodeSnapshot): EmailCodeStage {
  if (matches(snapshot, 'sendingCode')) return 'sending';
  if (matches(snapshot, 'held')) return 'held';
  if (matches(snapshot, 'codeExpired')) return 'codeExpired';
  if (matches(snapshot, { code: { entry: 'verifying' } })) return 'verifying';
  if (matches(snapshot, 'code')) return 'code';
  return 'email';
}

/** Refusal states that name their code (the machine keeps it in `errorCode`). */
const REFUSAL_STATES: ReadonlySet<string> = new Set(['taken', 'tooSoon', 'sendLimit', 'wrong', 'notFound']);

/** The refusal shown in the step: the kept code, in a refusal state of its own. */
function stepRefusal(snapshot: EmailCodeSnapshot): ShownErrorCode | null {
  return snapshot._nodes.some((node) => REFUSAL_STATES.has(node.key)) ? (snapshot.context.errorCode as ShownErrorCode | null) : null;
}

/** Any failure without a state of its own shows the SPEC's one upgrade message. */
function stepFailed(snapshot: EmailCodeSnapshot): boolean {
  return snapshot._nodes.some((node) => node.key === 'failed');
}

/**
 * The step bound to an upgrade's actor: the one component both upgrades mount for their email and
 * code states (student-upgrade-steps.tsx, full-upgrade-steps.tsx).
 */
export function EmailCode({ actor }: { actor: EmailCodeActor }) {
  const stage = useSelector(actor, emailCodeStage);
  const email = useSelector(actor, (snapshot) => snapshot.context.values.email);
  const code = useSelector(actor, (snapshot) => snapshot.context.values.code);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const refusal = useSelector(actor, stepRefusal);
  const failed = useSelector(actor, stepFailed);
  const resendAvailable = useSelector(actor, (snapshot) => matches(snapshot, { code: { resend: 'available' } }));
  const codeExpiresAt = useSelector(actor, (snapshot) => snapshot.context.progress?.codeExpiresAt ?? null);
  const codeResendAt = useSelector(actor, (snapshot) => snapshot.context.progress?.codeResendAt ?? null);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const now = useSelector(actor, (snapshot) => snapshot.context.now);
  return (
    <EmailCodeStep
      stage={stage}
      email={email}
      code={code}
      fieldErrors={fieldErrors}
      refusal={refusal}
      failed={failed}
      resendAvailable={resendAvailable}
      codeExpiresAt={codeExpiresAt}
      codeResendAt={codeResendAt}
      holdUntil={holdUntil}
      now={now}
      send={(event: EmailCodeEvent) => actor.send(event)}
    />
  );
}
