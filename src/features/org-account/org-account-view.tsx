import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { orgAccountImportMachine } from '../../../machines/org-account/org-account-import.machine.ts';
import { InternalAnchor, type NavigateHandler } from '../../ui/internal-anchor.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { DeleteDialog } from './org-account-delete-dialog.tsx';
import { NO_DOWNLOADS, type OrgAccountDownloads } from './org-account-downloads.ts';
import { EditForm } from './org-account-edit-form.tsx';
import { OrgAccountImportView } from './org-account-import-view.tsx';
import type { ListActor } from './org-account-list-state.ts';
import { orgAccountMessages as m } from './org-account-messages.ts';
import { Outcome } from './org-account-outcome.tsx';
import { RecordTable } from './org-account-table.tsx';
import { Toolbar } from './org-account-toolbar.tsx';
import { OrgLoadNotices } from './org-load-notices.tsx';

// The import is its own flow in its own file; the tests and stories of both flows find it here too.
export { OrgAccountImportView } from './org-account-import-view.tsx';
export type { OrgAccountDownloads } from './org-account-downloads.ts';

type ImportActor = ActorRefFrom<typeof orgAccountImportMachine>;

/** The school email list: the list with its search, group, order and pages; editing and deleting when writable. */
export function OrgAccountListView({
  actor,
  importActor,
  downloads = NO_DOWNLOADS,
  settingsHref = '#settings',
  onNavigate,
}: {
  actor: ListActor;
  importActor?: ImportActor | undefined;
  downloads?: OrgAccountDownloads;
  /** The school settings page (teacher email domains, school email, QR-code login). */
  settingsHref?: string;
  onNavigate?: NavigateHandler | undefined;
}) {
  const intl = useIntl();
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const loadFailed = useSelector(actor, (snapshot) => (snapshot.matches('loadFailed') ? (snapshot.context.errorCode ?? 'unknown') : null));
  const forbidden = useSelector(actor, (snapshot) => snapshot.matches('forbidden'));
  const readOnly = useSelector(actor, (snapshot) => snapshot.matches('readOnly'));
  const editing = useSelector(actor, (snapshot) => snapshot.matches('editing') || snapshot.matches('saving'));
  const canChange = useSelector(actor, (snapshot) => snapshot.matches('writable') || snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('confirmingDelete') || snapshot.matches('deleting'));
  const shown = !forbidden && !loadFailed;
  return (
    <Page title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} wide>
      <OrgLoadNotices
        forbidden={forbidden}
        loadFailed={loadFailed}
        failedTitle={intl.formatMessage(m.loadFailed)}
        retryLabel={intl.formatMessage(m.retry)}
        onRetry={() => actor.send({ type: 'retry' })}
      />
      {readOnly ? (
        <Notice>
          <p>{intl.formatMessage(m.readOnly)}</p>
        </Notice>
      ) : null}
      {loading ? <Spinner label={intl.formatMessage(m.loading)} /> : null}
      {shown ? (
        <>
          <p>
            <InternalAnchor href={settingsHref} onNavigate={onNavigate}>
              {intl.formatMessage(m.settingsLink)}
            </InternalAnchor>
          </p>
          <Outcome actor={actor} />
          {editing ? (
            <EditForm actor={actor} />
          ) : (
            <>
              <Toolbar actor={actor} downloads={downloads} />
              <RecordTable actor={actor} />
            </>
          )}
          <DeleteDialog actor={actor} />
          {canChange && importActor && !editing ? <OrgAccountImportView actor={importActor} downloads={downloads} /> : null}
        </>
      ) : null}
    </Page>
  );
}
