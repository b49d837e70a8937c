import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { Notice } from '../../ui/notice.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { ListActor } from './org-account-list-state.ts';
import { orgAccountMessages as m } from './org-account-messages.ts';

/** What became of the last change: deleting, saved, deleted, or refused. */
export function Outcome({ actor }: { actor: ListActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const changed = useSelector(actor, (snapshot) => snapshot.context.changed);
  const saved = useSelector(actor, (snapshot) => snapshot.matches({ writable: 'saved' }));
  const deleted = useSelector(actor, (snapshot) => snapshot.matches({ writable: 'deleted' }));
  const refused = useSelector(actor, (snapshot) =>
    snapshot.matches({ writable: 'gone' }) || snapshot.matches({ writable: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null,
  );
  const deleting = useSelector(actor, (snapshot) => snapshot.matches('deleting'));
  if (deleting) return <Spinner label={intl.formatMessage(m.deleting)} />;
  if (saved && changed) return <Notice tone="success" live>{intl.formatMessage(m.saved, { email: changed })}</Notice>;
  if (deleted && changed) return <Notice tone="success" live>{intl.formatMessage(m.deleted, { email: changed })}</Notice>;
  if (refused)
    return (
      <div role="alert">
        <Notice tone="warning" title={intl.formatMessage(m.failed)}>
          <p>{refusalText(refused)}</p>
        </Notice>
      </div>
    );
  return null;
}
