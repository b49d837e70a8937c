import { useActorRef } from '@xstate/react';
import { profileFormMachine } from '../../../../machines/profile/profile-form.machine.ts';
import { profileActors } from '../../../api/profile.ts';
import { LazyEmailChangePanel } from '../../email-change/index.ts';
import { TeacherProfileView, type TeacherEmailPanelRenderer } from './teacher-profile-view.tsx';

const liveMachine = profileFormMachine.provide({ actors: profileActors });

const emailPanel: TeacherEmailPanelRenderer = ({ kind, currentEmail, pendingEmail }) => (
  <LazyEmailChangePanel kind={kind} currentEmail={currentEmail} pendingEmail={pendingEmail} />
);

/** `/profile/teacher` with the real calls. */
export function TeacherProfilePage() {
  const actor = useActorRef(liveMachine, { input: { form: 'teacher' } });
  return <TeacherProfileView actor={actor} emailPanel={emailPanel} />;
}
