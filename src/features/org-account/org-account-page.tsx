import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { orgAccountImportMachine } from '../../../machines/org-account/org-account-import.machine.ts';
import { orgAccountListMachine } from '../../../machines/org-account/org-account-list.machine.ts';
import { orgAccountDownloads, orgAccountImportActors, orgAccountListActors } from '../../api/org-account.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { OrgAccountListView } from './org-account-view.tsx';

const liveList = orgAccountListMachine.provide({ actors: orgAccountListActors });
const liveImport = orgAccountImportMachine.provide({ actors: orgAccountImportActors });

/** Starts the school email list and its import with the real calls; an applied import reloads the list. */
export function OrgAccountPage() {
  const lang = useLanguage();
  const navigate = useNavigate();
  const list = useActorRef(liveList, { input: {} });
  const importer = useActorRef(liveImport, { input: { lang } });
  useEffect(() => {
    let wasDone = false;
    const subscription = importer.subscribe((snapshot) => {
      const isDone = snapshot.matches('done');
      if (isDone && !wasDone) list.send({ type: 'list.reload' });
      wasDone = isDone;
    });
    return () => subscription.unsubscribe();
  }, [importer, list]);
  return (
    <OrgAccountListView actor={list} importActor={importer} downloads={orgAccountDownloads} settingsHref={`/${lang}/org_account/settings`} onNavigate={(href) => void navigate({ href })} />
  );
}
