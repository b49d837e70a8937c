import { useSelector } from '@xstate/react';
import { useRef, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor as Descriptor } from 'react-intl';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import { Button, type ButtonVariant } from '../../ui/button.tsx';
import { LazyDialog } from '../../ui/lazy-dialog.tsx';
import { dialogOf, sameDialog, type Confirmation, type DetailsActor, type DialogShown } from './family-details-state.ts';
import { ConfirmDialog } from './family-form-parts.tsx';
import { dateTime, hiddenText, roleName } from './family-parts.tsx';
import { familyWords as m } from './family-words.ts';

interface DialogText {
  title: string;
  body: string;
  confirm: ReactNode;
  variant: ButtonVariant;
}

/** What each confirmation says: its title, its body, its button and how that button looks. */
const CONFIRM_WORDS: Record<Confirmation, { title: Descriptor; body: Descriptor; confirm: Descriptor; variant: ButtonVariant }> = {
  accept: { title: m.confirmAcceptTitle, body: m.confirmAcceptBody, confirm: m.accept, variant: 'primary' },
  acceptAndGrantAdmin: { title: m.confirmAcceptAdminTitle, body: m.confirmAcceptAdminBody, confirm: m.acceptAndGrantAdmin, variant: 'primary' },
  decline: { title: m.confirmDeclineTitle, body: m.confirmDeclineBody, confirm: m.decline, variant: 'warning' },
  kick: { title: m.confirmKickTitle, body: m.confirmKickBody, confirm: m.kick, variant: 'warning' },
  grantAdmin: { title: m.confirmGrantTitle, body: m.confirmGrantBody, confirm: m.grantAdmin, variant: 'primary' },
  removeAdmin: { title: m.confirmRemoveAdminTitle, body: m.confirmRemoveAdminBody, confirm: m.removeAdmin, variant: 'warning' },
  rename: { title: m.confirmRenameTitle, body: m.confirmRenameBody, confirm: m.rename, variant: 'primary' },
  updateSelf: { title: m.confirmSelfTitle, body: m.confirmSelfBody, confirm: m.saveSelf, variant: 'primary' },
  regenerateCode: { title: m.confirmRegenerateTitle, body: m.confirmRegenerateBody, confirm: m.regenerateCode, variant: 'primary' },
  invite: { title: m.confirmInviteTitle, body: m.confirmInviteBody, confirm: m.sendInvite, variant: 'primary' },
  copyLink: { title: m.confirmCopyTitle, body: m.confirmShareBody, confirm: m.copyLink, variant: 'primary' },
  shareWhatsApp: { title: m.confirmWhatsAppTitle, body: m.confirmShareBody, confirm: m.shareWhatsApp, variant: 'primary' },
  dismiss: { title: m.confirmDismissTitle, body: m.confirmDismissBody, confirm: m.dismiss, variant: 'warning' },
  leave: { title: m.confirmLeaveTitle, body: m.confirmLeaveBody, confirm: m.leave, variant: 'warning' },
};

/**
 * The words of a confirmation, filled in with what the pending action is about: the member it acts
 * on (or the user's own new nickname and role), the new family name, the invited address, when
 * the shared code expires.
 */
function useConfirmText(actor: DetailsActor) {
  const intl = useIntl();
  const context = useSelector(actor, (snapshot) => snapshot.context);
  return (action: Confirmation): DialogText => {
    const { family, pending } = context;
    const memberId = pending?.kind === 'member' ? pending.memberId : null;
    const person = family?.members.find((member) => member.memberId === memberId) ?? context.requests.find((request) => request.memberId === memberId);
    const who = pending?.kind === 'updateSelf' ? pending : person;
    const values = {
      nickname: who?.nickname ?? '',
      role: who ? roleName(intl, who.familyRole) : '',
      familyName: pending?.kind === 'rename' ? pending.familyName : (family?.familyName ?? ''),
      email: pending?.kind === 'invite' ? pending.email : '',
      expiresAt: dateTime(intl, family?.codeExpiresAt ?? null),
    };
    const words = CONFIRM_WORDS[action];
    return {
      title: intl.formatMessage(words.title, values),
      body: intl.formatMessage(words.body, values),
      confirm: intl.formatMessage(words.confirm, { ...values, ...hiddenText }),
      variant: words.variant,
    };
  };
}

/** The one dialog of the details page: a confirmation before each action, or the message of a refusal. */
export function DetailsDialog({ actor }: { actor: DetailsActor }) {
  const shown = useSelector(actor, dialogOf, sameDialog);
  return shown ? <OpenDialog actor={actor} shown={shown} /> : null;
}

function OpenDialog({ actor, shown }: { actor: DetailsActor; shown: NonNullable<DialogShown> }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const demotingLastAdmin = useSelector(actor, (snapshot) => snapshot.context.pending?.kind === 'member' && snapshot.context.pending.action === 'REMOVE_ADMIN');
  const confirmText = useConfirmText(actor);
  // The dialog focuses its first button when it opens, and remembers where focus came from. When
  // it turns into another dialog (an expired code into its regeneration), the new first button
  // takes focus itself: the old one is gone.
  const openedAs = useRef(JSON.stringify(shown));
  const refocus = JSON.stringify(shown) !== openedAs.current;
  const send = actor.send;

  if (shown.kind === 'confirm') {
    const text = confirmText(shown.action);
    return (
      <ConfirmDialog
        title={text.title}
        description={text.body}
        confirm={text.confirm}
        variant={text.variant}
        cancel={intl.formatMessage(m.cancel)}
        autoFocus={refocus}
        row={shown.action}
        onConfirm={() => send({ type: 'dialog.confirm' })}
        onCancel={() => send({ type: 'dialog.cancel' })}
      />
    );
  }

  const dismiss = () => send({ type: 'error.dismiss' });
  if (shown.kind === 'codeExpired') {
    return (
      <ConfirmDialog
        title={intl.formatMessage(m.codeExpiredTitle)}
        description={intl.formatMessage(m.codeExpiredBody)}
        confirm={intl.formatMessage(m.regenerateCode)}
        cancel={intl.formatMessage(m.cancel)}
        autoFocus={refocus}
        row="codeExpired"
        onConfirm={() => send({ type: 'code.regenerate' })}
        onCancel={dismiss}
      />
    );
  }

  const code: ShownErrorCode = shown.kind === 'failed' ? (errorCode ?? 'unknown') : shown.code;
  const message = code === 'familySingleAdmin' && demotingLastAdmin ? intl.formatMessage(m.lastAdmin) : errorText(code);
  return (
    <LazyDialog
      tone="alert"
      onOpenChange={(open) => {
        if (!open) dismiss();
      }}
      title={intl.formatMessage(m.problemTitle)}
      description={message}
      actions={
        <Button key="ok" autoFocus={refocus} onClick={dismiss}>
          {intl.formatMessage(m.ok)}
        </Button>
      }
    />
  );
}
