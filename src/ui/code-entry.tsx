import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRef, Snapshot } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { CodeEntryContext } from '../../machines/code-entry.ts';
import type { FailureCode } from '../../machines/form.ts';
import { Button, ButtonGroup } from './button.tsx';
import { CodeField } from './code-field.tsx';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary.tsx';
import { Notice } from './notice.tsx';
import { clock, useCountdown } from './use-countdown.ts';
import { useSubmit } from './use-submit.ts';

/**
 * The code entry's view part, for every flow whose machine spreads in machines/code-entry.ts (OTP
 * login, mobile verification, the upgrades' email step): where the code was sent, the six-digit
 * field with the expiry countdown in its hint, verify and go back, and the resend link once the
 * resend wait is over (its countdown until then). The flow gives its words and its events.
 */

/** The flow's words: each takes `{time}` where it counts down. */
export interface CodeEntryWords {
  /** The hint's countdown, "Expires in {time}." */
  expiresIn: MessageDescriptor;
  /** "You can ask for a new code in {time}." */
  resendIn: MessageDescriptor;
  resend: MessageDescriptor;
  submit: MessageDescriptor;
  /** The submit button while the code is checked. */
  submitting: MessageDescriptor;
  /** The way back to the form the code was sent from. */
  back: MessageDescriptor;
  /** Said to screen readers once a minute: "{minutes} minutes left." (left out: nothing said). */
  minutesLeft?: MessageDescriptor;
}

export interface CodeEntryProps {
  /** The field's id (the error summary links to it). */
  id: string;
  words: CodeEntryWords;
  /** Where the code went ("We sent a code to …"). */
  sentTo: ReactNode;
  /** Shown above the error summary (a step's heading). */
  heading?: ReactNode;
  label?: ReactNode;
  hint?: ReactNode;
  code: string;
  /** The field's error, and the summary's items. */
  error: string | null | undefined;
  summary: ErrorSummaryItem[];
  verifying: boolean;
  resendAvailable: boolean;
  /** The machine's clock and the server's times. */
  now: () => number;
  expiresAt: string | null | undefined;
  resendAt: string | null | undefined;
  onCodeChange: (value: string) => void;
  onSubmit: () => void;
  onBack: () => void;
  onResend: () => void;
  /** Shown in the form between the field and its buttons (a robot check the flow's server asked for). */
  children?: ReactNode;
}

export function CodeEntry(props: CodeEntryProps) {
  const { id, words, verifying, resendAvailable, now } = props;
  const intl = useIntl();
  const { attempt, onSubmit } = useSubmit(props.onSubmit);
  const expiresIn = useCountdown(props.expiresAt, now);
  const resendIn = useCountdown(resendAvailable ? null : props.resendAt, now);
  return (
    <>
      {props.heading}
      <ErrorSummary items={props.summary} focusKey={attempt} />
      <Notice tone="success" live>
        <p>{props.sentTo}</p>
      </Notice>
      <form noValidate onSubmit={onSubmit}>
        <CodeField
          id={id}
          label={props.label}
          hint={props.hint}
          extraHint={intl.formatMessage(words.expiresIn, { time: clock(expiresIn) })}
          error={props.error}
          value={props.code}
          onValueChange={props.onCodeChange}
        />
        {words.minutesLeft ? (
          // The seconds tick in the hint; screen readers hear only the whole minutes, once each.
          <span className="visually-hidden" aria-live="polite">
            {intl.formatMessage(words.minutesLeft, { minutes: Math.ceil(expiresIn / 60_000) })}
          </span>
        ) : null}
        {props.children}
        <ButtonGroup>
          <Button type="submit" busy={verifying}>
            {intl.formatMessage(verifying ? words.submitting : words.submit)}
          </Button>
          <Button variant="secondary" disabled={verifying} onClick={props.onBack}>
            {intl.formatMessage(words.back)}
          </Button>
        </ButtonGroup>
      </form>
      {resendAvailable ? (
        <Button variant="link" disabled={verifying} onClick={props.onResend}>
          {intl.formatMessage(words.resend)}
        </Button>
      ) : (
        <p>{intl.formatMessage(words.resendIn, { time: clock(resendIn) })}</p>
      )}
    </>
  );
}

/** The code ran out: ask for a new one, or go back to the form it was sent from. */
export function CodeExpiredActions({ words, onResend, onBack }: { words: Pick<CodeEntryWords, 'resend' | 'back'>; onResend: () => void; onBack: () => void }) {
  const intl = useIntl();
  return (
    <ButtonGroup>
      <Button onClick={onResend}>{intl.formatMessage(words.resend)}</Button>
      <Button variant="secondary" onClick={onBack}>
        {intl.formatMessage(words.back)}
      </Button>
    </ButtonGroup>
  );
}

/**
 * A machine keeping its code in the `CodeEntryContext` fields under a state `codeSent` (OTP login,
 * mobile verification), taking `code.change`, `code.submit` and `code.resend`.
 */
type SentCodeSnapshot = Snapshot<unknown> & {
  context: CodeEntryContext;
  hasTag: (tag: never) => boolean;
  matches: (state: never) => boolean;
};
/** The events the code entry sends. */
type SentCodeEvent = { type: 'code.change'; value: string } | { type: 'code.submit' } | { type: 'code.resend' };
export type SentCodeActor = ActorRef<SentCodeSnapshot, SentCodeEvent>;

const matches = (snapshot: SentCodeSnapshot, state: unknown) => snapshot.matches(state as never);

/** The code entry's refusal: the code the machine kept, in any of its states but `idle` and `invalid`. */
function codeRefusal(snapshot: SentCodeSnapshot): FailureCode | null {
  if (!matches(snapshot, { codeSent: { entry: 'editing' } })) return null;
  if (matches(snapshot, { codeSent: { entry: { editing: 'idle' } } }) || matches(snapshot, { codeSent: { entry: { editing: 'invalid' } } })) return null;
  return snapshot.context.errorCode;
}

/**
 * What `CodeEntry` shows of such a machine and the events it sends (`entry`, all but the flow's
 * words, texts and way back), with the field problems and the kept refusal for the flow to word.
 */
export function useSentCode(actor: SentCodeActor): {
  entry: Pick<CodeEntryProps, 'code' | 'verifying' | 'resendAvailable' | 'now' | 'expiresAt' | 'resendAt' | 'onCodeChange' | 'onSubmit' | 'onResend'>;
  issues: FieldIssue[];
  refused: FailureCode | null;
} {
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const refused = useSelector(actor, codeRefusal);
  const verifying = useSelector(actor, (snapshot) => snapshot.hasTag('busy' as never));
  const resendAvailable = useSelector(actor, (snapshot) => matches(snapshot, { codeSent: { resend: 'available' } }));
  const now = useSelector(actor, (snapshot) => snapshot.context.now);
  const expiresAt = useSelector(actor, (snapshot) => snapshot.context.expiresAt);
  const resendAt = useSelector(actor, (snapshot) => snapshot.context.resendAt);
  const entry = {
    code,
    verifying,
    resendAvailable,
    now,
    expiresAt,
    resendAt,
    onCodeChange: (value: string) => actor.send({ type: 'code.change', value }),
    onSubmit: () => actor.send({ type: 'code.submit' }),
    onResend: () => actor.send({ type: 'code.resend' }),
  };
  return { entry, issues, refused };
}
