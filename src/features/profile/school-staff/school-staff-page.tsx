import { useActorRef } from '@xstate/react';
import { profileFormMachine } from '../../../../machines/profile/profile-form.machine.ts';
import { profileActors } from '../../../api/profile.ts';
import { SchoolStaffView } from './school-staff-view.tsx';

const liveMachine = profileFormMachine.provide({ actors: profileActors });

/** `/school-staff-info` with the real calls. */
export function SchoolStaffPage() {
  const actor = useActorRef(liveMachine, { input: { form: 'schoolStaff' } });
  return <SchoolStaffView actor={actor} />;
}
