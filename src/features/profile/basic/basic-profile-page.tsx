import { useActorRef } from '@xstate/react';
import { profileFormMachine } from '../../../../machines/profile/profile-form.machine.ts';
import { profileActors } from '../../../api/profile.ts';
import { LazyEmailChangePanel } from '../../email-change/index.ts';
import { BasicProfileView, type BasicSection, type EmailPanelRenderer } from './basic-profile-view.tsx';

const liveMachine = profileFormMachine.provide({ actors: profileActors });

/** A confirmed change is already in force: the panel says so; the page's copy is read again on the next visit. */
const emailPanel: EmailPanelRenderer = ({ kind, currentEmail, pendingEmail }) => (
  <LazyEmailChangePanel kind={kind} currentEmail={currentEmail} pendingEmail={pendingEmail} />
);

/** `/profile`, `/profile/address`, `/profile/emails`: a section of the basic profile with the real calls. */
export function BasicProfilePage({ section }: { section: BasicSection }) {
  const actor = useActorRef(liveMachine, { input: { form: 'basic' } });
  return <BasicProfileView actor={actor} emailPanel={emailPanel} section={section} />;
}
