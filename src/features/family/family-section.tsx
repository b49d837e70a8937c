import type { FormEvent, ReactNode } from 'react';
import type { FamilyDetails } from '../../../contract/schemas/family.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Notice } from '../../ui/notice.tsx';
import type { FamilyDetailsEvent } from '../../../machines/family/family-details.machine.ts';
import type { Send } from './family-details-state.ts';
import styles from './family.module.css';

/** A section of the details page, named by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={cx(styles.section)} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * Where the result of a section's action is said: beside the action, in a live region that is
 * always on the page so that screen readers announce what appears in it (issue 13).
 */
export function ActionStatus({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="status" aria-live="polite" className={cx(styles.status)}>
      {message ? (
        <Notice tone="success">
          <p>{message}</p>
        </Notice>
      ) : null}
    </div>
  );
}

/** A section that is one form: its fields, its submit button, and beside it what came of the last submission. */
export function SectionForm({ id, title, submitLabel, busy, status, onSubmit, children }: { id: string; title: string; submitLabel: string; busy: boolean; status: string | null; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <Section id={id} title={title}>
      <form noValidate onSubmit={onSubmit}>
        {children}
        <Button disabled={busy} type="submit" variant="secondary">
          {submitLabel}
        </Button>
        <ActionStatus id={`${id}-status`} message={status} />
      </form>
    </Section>
  );
}

export interface SectionProps {
  family: FamilyDetails;
  /** An action or a read is under way: the buttons wait (they stay focusable, as busy buttons do). */
  busy: boolean;
  errorFor: (field: string) => string | null;
  /** Submits a section's form: counts the attempt (the error summary takes focus again) and sends `command`. */
  submit: (event: FormEvent, command: FamilyDetailsEvent) => void;
  send: Send;
}
