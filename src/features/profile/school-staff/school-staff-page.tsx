import { useActorRef } from '@xstate/react';
import { SchoolStaffInfoSchema } from '../../../../contract/schemas/profile.ts';
import { profileFormMachine, type ProfileFormInput } from '../../../../machines/profile/profile-form.machine.ts';
import { schoolStaffActors } from '../../../api/school-staff.ts';
import { SchoolStaffView } from './school-staff-view.tsx';

const liveMachine = profileFormMachine.provide({ actors: schoolStaffActors });
/** This page's form and its schema, so the page downloads no other form's. */
const input: ProfileFormInput = { form: 'schoolStaff', schema: SchoolStaffInfoSchema };

/** `/school-staff-info` with the real calls. */
export function SchoolStaffPage() {
  const actor = useActorRef(liveMachine, { input });
  return <SchoolStaffView actor={actor} />;
}
