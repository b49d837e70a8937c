import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
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
