import { useIntl } from 'react-intl';
import type { AnyActorRef } from 'xstate';
import { defineMessages } from '../i18n/define-messages.ts';
import { Button, type ButtonVariant } from './button.tsx';
import { LazyDialog } from './lazy-dialog.tsx';

const messages = defineMessages({
  cancel: { id: 'confirmDialog.cancel', defaultMessage: 'Cancel', description: 'Button that closes a confirmation dialog without doing what it asks.' },
});

export interface ConfirmDialogProps {
  /** The machine waiting for the answer: it gets `dialog.confirm` or `dialog.cancel`. */
  actor: AnyActorRef;
  title: string;
  description: string;
  /** The confirm button's text, naming what it does. */
  confirm: string;
  /** `warning` for what cannot be undone (the default), `primary` otherwise. */
  variant?: ButtonVariant;
}

/**
 * A question before a step (remove, replace, sign out, unlink): the confirm button and Cancel.
 * Closing the dialog any other way (Escape, the close button) is Cancel too.
 */
export function ConfirmDialog({ actor, title, description, confirm, variant = 'warning' }: ConfirmDialogProps) {
  const intl = useIntl();
  const cancel = () => actor.send({ type: 'dialog.cancel' });
  return (
    <LazyDialog
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      title={title}
      description={description}
      actions={
        <>
          <Button variant={variant} onClick={() => actor.send({ type: 'dialog.confirm' })}>
            {confirm}
          </Button>
          <Button variant="secondary" onClick={cancel}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        </>
      }
    />
  );
}
