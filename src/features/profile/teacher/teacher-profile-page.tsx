import { useActorRef } from '@xstate/react';
import { TeacherProfileSchema } from '../../../../contract/schemas/teacher-profile.ts';
import { profileFormMachine, type ProfileFormInput } from '../../../../machines/profile/profile-form.machine.ts';
import { teacherProfileActors } from '../../../api/teacher-profile.ts';
import { LazyEmailChangePanel } from '../../email-change/index.ts';
import { TeacherProfileView, type TeacherEmailPanelRenderer } from './teacher-profile-view.tsx';

const liveMachine = profileFormMachine.provide({ actors: teacherProfileActors });
/** This page's form and its schema, so the page downloads no other form's. */
const input: ProfileFormInput = { form: 'teacher', schema: TeacherProfileSchema };

const emailPanel: TeacherEmailPanelRenderer = ({ kind, currentEmail, pendingEmail }) => (
  <LazyEmailChangePanel kind={kind} currentEmail={currentEmail} pendingEmail={pendingEmail} />
);

/** `/profile/teacher` with the real calls. */
export function TeacherProfilePage() {
  const actor = useActorRef(liveMachine, { input });
  return <TeacherProfileView actor={actor} emailPanel={emailPanel} />;
}
