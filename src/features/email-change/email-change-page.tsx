import { useActorRef } from '@xstate/react';
import { useCallback, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { EmailChangeKind } from '../../../contract/schemas/verification.ts';
import { emailChangeMachine } from '../../../machines/email-change/email-change.machine.ts';
import { verificationActors } from '../../api/verification.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { EmailChangeView } from './email-change-view.tsx';

const liveMachine = emailChangeMachine.provide({
  actors: { requestChange: verificationActors.requestChange, fetchStatus: verificationActors.fetchStatus },
});

export interface EmailChangePanelProps {
  kind: EmailChangeKind;
  /** The address in force (null when the account has none). */
  currentEmail: string | null;
  /** An address already waiting for its link, from the profile read. */
  pendingEmail?: string | null;
  /** Told once, with the new address, when the change is confirmed. */
  onConfirmed?: (email: string) => void;
}

/**
 * The email change of a profile page with the real calls: its own machine, form and messages
 * (the `emailChange` group is loaded by `LazyEmailChangePanel`). Keep it outside the page's own
 * `<form>`: it has a form of its own.
 */
export function EmailChangePanel({ kind, currentEmail, pendingEmail = null, onConfirmed }: EmailChangePanelProps) {
  const lang = useLanguage();
  // Only so the page is told once, not on every later snapshot: not flow state.
  const told = useRef(false);
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof liveMachine>) => {
      if (!snapshot.matches('confirmed') || told.current) return;
      told.current = true;
      onConfirmed?.(snapshot.context.currentEmail);
    },
    [onConfirmed],
  );
  const actor = useActorRef(liveMachine, { input: { kind, currentEmail: currentEmail ?? '', lang } }, onSnapshot);
  return <EmailChangeView actor={actor} pendingEmail={pendingEmail} />;
}
