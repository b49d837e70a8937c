import { useActorRef } from '@xstate/react';
import { staffRegistrationMachine } from '../../../machines/staff-registration/staff-registration.machine.ts';
import { staffActors } from '../../api/staff-registration.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { StaffRegistrationView } from './staff-registration-view.tsx';

const liveStaffRegistrationMachine = staffRegistrationMachine.provide({ actors: { registerStaff: staffActors.registerStaff } });

/** Starts the staff registration flow in the page's language (the activation email's language). */
export function StaffRegistrationPage() {
  const lang = useLanguage();
  const actor = useActorRef(liveStaffRegistrationMachine, { input: { lang } });
  return <StaffRegistrationView actor={actor} />;
}
