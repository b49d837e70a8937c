import { useActorRef } from '@xstate/react';
import { profileFormMachine } from '../../../../machines/profile/profile-form.machine.ts';
import { profileActors } from '../../../api/profile.ts';
import { BasicProfileView, type BasicSection, type EmailPanelRenderer } from './basic-profile-view.tsx';

const liveMachine = profileFormMachine.provide({ actors: profileActors });

/**
 * `/profile`, `/profile/address`, `/profile/emails`: a section of the basic profile with the real
 * calls. Only the emails section has email panels (basic-profile-emails-page.tsx gives them), so
 * the other two do not download the panel's lazy wrapper (issue 26, item 14).
 */
export function BasicProfilePage({ section, emailPanel }: { section: BasicSection; emailPanel?: EmailPanelRenderer }) {
  const actor = useActorRef(liveMachine, { input: { form: 'basic' } });
  return <BasicProfileView actor={actor} emailPanel={emailPanel} section={section} />;
}
