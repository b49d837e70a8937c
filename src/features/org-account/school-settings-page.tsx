import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { schoolSettingsMachine } from '../../../machines/org-account/school-settings.machine.ts';
import { schoolSettingsActors } from '../../api/org-account.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { SchoolSettingsView } from './school-settings-view.tsx';

const liveSettings = schoolSettingsMachine.provide({ actors: schoolSettingsActors });

/** Starts the school settings with the real calls. */
export function SchoolSettingsPage() {
  const lang = useLanguage();
  const navigate = useNavigate();
  const actor = useActorRef(liveSettings, { input: {} });
  return <SchoolSettingsView actor={actor} listHref={`/${lang}/org_account`} onNavigate={(href) => void navigate({ href })} />;
}
