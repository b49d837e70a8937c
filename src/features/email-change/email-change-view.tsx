import { useSelector } from '@xstate/react';
import { useCallback, useId, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { EmailChangeKind } from '../../../contract/schemas/verification.ts';
import type { emailChangeMachine } from '../../../machines/email-change/email-change.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { hkDateTime } from '../../i18n/hk-time.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { EmailInput } from '../../ui/account-inputs.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { emailChangeMessages as m } from './email-change-messages.ts';
import styles from './email-change.module.css';

type EmailChangeActor = ActorRefFrom<typeof emailChangeMachine>;
type EmailChangeSnapshot = SnapshotFrom<typeof emailChangeMachine>;

const HEADINGS: Record<EmailChangeKind, MessageDescriptor> = { login: m.headingLogin, contact: m.headingContact, teacher: m.headingTeacher };
const CURRENT: Record<EmailChangeKind, MessageDescriptor> = { login: m.currentLogin, contact: m.currentContact, teacher: m.currentTeacher };
const LABELS: Record<EmailChangeKind, MessageDescriptor> = { login: m.labelLogin, contact: m.labelContact, teacher: m.labelTeacher };
const CONFIRMED: Record<EmailChangeKind, MessageDescriptor> = { login: m.confirmedLogin, contact: m.confirmedContact, teacher: m.confirmedTeacher };

/** The refusal shown at the field: taken, pending elsewhere, refused domain, too many requests (with when to try again), or the server's other codes. */
function refusal(snapshot: EmailChangeSnapshot): ShownErrorCode | null {
  const editing = ['taken', 'pending', 'domainRefused', 'tooManyRequests', 'failed'] as const;
  if (!editing.some((state) => snapshot.matches({ editing: state }))) return null;
  return snapshot.context.errorCode ?? 'unknown';
}

export interface EmailChangeViewProps {
  actor: EmailChangeActor;
  /** A change that already waits for its link (from the profile read), shown above the form. */
  pendingEmail?: string | null;
}

/** Request a new address → a link goes to it → "I followed the link" → confirmed (or lapsed). */
export function EmailChangeView({ actor, pendingEmail = null }: EmailChangeViewProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const prefix = useId().replace(/:/g, '');
  const kind = useSelector(actor, (snapshot) => snapshot.context.kind);
  const currentEmail = useSelector(actor, (snapshot) => snapshot.context.currentEmail);
  const email = useSelector(actor, (snapshot) => snapshot.context.email);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const code = useSelector(actor, refusal);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const stage = useSelector(actor, (snapshot) =>
    snapshot.matches('confirmed') ? 'confirmed' : snapshot.matches('lapsed') ? 'lapsed' : snapshot.matches('awaiting') ? 'awaiting' : 'editing',
  );
  const awaitingFailed = useSelector(actor, (snapshot) => (snapshot.matches({ awaiting: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null));
  const waitingFor = useSelector(actor, (snapshot) => snapshot.context.pendingEmail);
  const expiresAt = useSelector(actor, (snapshot) => snapshot.context.expiresAt);
  const label = intl.formatMessage(LABELS[kind]);
  const { summary, errorFor } = useFieldErrors(issues);
  // Counts refreshes, so "still waiting" shows only after a check; a new submission starts the count again.
  const [refreshes, setRefreshes] = useState(0);
  const submit = useCallback(() => {
    setRefreshes(0);
    actor.send({ type: 'form.submit' });
  }, [actor]);
  const { attempt, onSubmit } = useSubmit(submit);
  const fieldId = `${prefix}-email`;

  const heading = <h2 className={styles.heading}>{intl.formatMessage(HEADINGS[kind])}</h2>;

  if (stage === 'confirmed') {
    return (
      <section className={styles.panel}>
        {heading}
        <Notice tone="success" title={intl.formatMessage(m.confirmedTitle)} live>
          <p>{intl.formatMessage(CONFIRMED[kind], { email: currentEmail })}</p>
        </Notice>
      </section>
    );
  }

  if (stage === 'lapsed') {
    return (
      <section className={styles.panel}>
        {heading}
        <Notice tone="warning" title={intl.formatMessage(m.lapsedTitle)} live>
          <p>{intl.formatMessage(m.lapsedBody)}</p>
        </Notice>
        <Button variant="secondary" onClick={() => actor.send({ type: 'form.restart' })}>
          {intl.formatMessage(m.startAgain)}
        </Button>
      </section>
    );
  }

  if (stage === 'awaiting') {
    const expires = hkDateTime(intl, expiresAt);
    return (
      <section className={styles.panel}>
        {heading}
        <Notice tone="success" title={intl.formatMessage(m.awaitingTitle)} live>
          <p>{intl.formatMessage(m.awaitingBody, { email: waitingFor ?? '', expiresAt: expires })}</p>
        </Notice>
        {awaitingFailed ? <ErrorSummary items={[{ text: errorText(awaitingFailed) }]} focusKey={refreshes} /> : null}
        {!awaitingFailed && !busy && refreshes > 0 ? (
          <p role="status" className={styles.waiting}>
            {intl.formatMessage(m.stillWaiting)}
          </p>
        ) : null}
        <ButtonGroup>
          <Button
            busy={busy}
            onClick={() => {
              setRefreshes((count) => count + 1);
              actor.send({ type: 'status.refresh' });
            }}
          >
            {intl.formatMessage(busy ? m.checking : m.refresh)}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'form.restart' })}>
            {intl.formatMessage(m.restart)}
          </Button>
        </ButtonGroup>
      </section>
    );
  }

  // The client's `sameAsOld` and the server's `emailUnchanged` say the same: the catalogue text.
  const emailError = issues.some((issue) => issue.field === 'email' && issue.rule === 'sameAsOld') ? errorText('emailUnchanged') : code ? errorText(code, { holdUntil }) : errorFor('email');
  const items = emailError ? [{ fieldId, text: emailError }] : summary.map((item) => ({ ...item, fieldId: item.fieldId === 'email' ? fieldId : item.fieldId }));

  return (
    <section className={styles.panel}>
      {heading}
      <p>{currentEmail ? intl.formatMessage(CURRENT[kind], { email: currentEmail }) : intl.formatMessage(m.noCurrent)}</p>
      {pendingEmail ? (
        <Notice>
          <p>{intl.formatMessage(m.pendingNotice, { email: pendingEmail })}</p>
        </Notice>
      ) : null}
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <EmailInput
          id={fieldId}
          name="email"
          label={label}
          hint={intl.formatMessage(m.hint)}
          error={emailError}
          value={email}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'email', value })}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.submitting : m.submit)}
        </Button>
      </form>
    </section>
  );
}
