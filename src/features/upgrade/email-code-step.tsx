import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { FieldIssue } from '../../../contract/errors.ts';
import type { EmailCodeContext } from '../../../machines/upgrade/email-code-step.ts';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { hkTime } from '../../i18n/hk-time.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button } from '../../ui/button.tsx';
import { CodeEntry, CodeExpiredActions } from '../../ui/code-entry.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
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


/** The code entry's words in this step (src/ui/code-entry.tsx). */
const CODE_WORDS = { expiresIn: m.expiresIn, resendIn: m.resendIn, resend: m.resend, submit: m.verify, submitting: m.verifying, back: m.editEmail };

export function EmailCodeStep(props: EmailCodeStepProps) {
  const { stage, send } = props;
  const intl = useIntl();
  const refusalText = useRefusalText();
  if (stage === 'held') {
    const time = hkTime(intl, props.holdUntil);
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
        <CodeExpiredActions words={CODE_WORDS} onResend={() => send({ type: 'code.resend' })} onBack={() => send({ type: 'email.edit' })} />
      </>
    );
  }
  return stage === 'email' || stage === 'sending' ? <EmailForm {...props} /> : <CodeForm {...props} />;
}

function EmailForm({ stage, email, fieldErrors, refusal, failed, holdUntil, send }: EmailCodeStepProps) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const { summary, errorFor } = useFieldErrors(fieldErrors);
  const { attempt, onSubmit } = useSubmit(() => send({ type: 'form.submit' }));
  const busy = stage === 'sending';
  const failureText = failed ? intl.formatMessage(m.failed) : refusal ? refusalText(refusal, { holdUntil }) : null;
  const atField = refusal === 'loginEmailTaken';
  const items = failureText ? [atField ? { fieldId: 'upgrade-email', text: failureText } : { text: failureText }] : summary.map((item) => ({ ...item, fieldId: `upgrade-${item.fieldId}` }));
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
  const { summary, errorFor } = useFieldErrors(fieldErrors);
  const failureText = failed ? intl.formatMessage(m.failed) : refusal ? refusalText(refusal) : null;
  return (
    <CodeEntry
      id="upgrade-code"
      words={CODE_WORDS}
      heading={<h3>{intl.formatMessage(m.codeHeading)}</h3>}
      sentTo={intl.formatMessage(m.sentTo, { email })}
      label={intl.formatMessage(m.code)}
      code={code}
      error={failureText ?? errorFor('code')}
      summary={failureText ? [{ fieldId: 'upgrade-code', text: failureText }] : summary.map((item) => ({ ...item, fieldId: `upgrade-${item.fieldId}` }))}
      verifying={stage === 'verifying'}
      resendAvailable={resendAvailable}
      now={now}
      expiresAt={codeExpiresAt}
      resendAt={codeResendAt}
      onCodeChange={(value) => send({ type: 'form.change', field: 'code', value })}
      onSubmit={() => send({ type: 'form.submit' })}
      onBack={() => send({ type: 'email.edit' })}
      onResend={() => send({ type: 'code.resend' })}
    />
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
const REFUSAL_STATES: ReadonlySet<string> = new Set(['taken', 'tooSoon', 'sendLimit', 'tooManyRequests', 'wrong', 'notFound']);

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
