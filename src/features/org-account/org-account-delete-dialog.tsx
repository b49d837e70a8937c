import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { LazyDialog } from '../../ui/lazy-dialog.tsx';
import type { ListActor } from './org-account-list-state.ts';
import { orgAccountMessages as m } from './org-account-messages.ts';

/** Confirms deleting the selected record. */
export function DeleteDialog({ actor }: { actor: ListActor }) {
  const intl = useIntl();
  const open = useSelector(actor, (snapshot) => snapshot.matches('confirmingDelete'));
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  if (!open || !selected) return null;
  return (
    <LazyDialog
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'dialog.cancel' });
      }}
      title={intl.formatMessage(m.deleteTitle, { email: selected.emailAddress })}
      description={intl.formatMessage(m.deleteBody)}
      actions={
        <ButtonGroup>
          <Button variant="warning" onClick={() => actor.send({ type: 'dialog.confirm' })}>
            {intl.formatMessage(m.deleteConfirm)}
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'dialog.cancel' })}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </ButtonGroup>
      }
    />
  );
}
