import { useActorRef } from '@xstate/react';
import { registrationMachine } from '../../../machines/registration/registration.machine.ts';
import { apiActors } from '../../api/actors.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { RegistrationView } from './registration-view.tsx';

const liveRegistrationMachine = registrationMachine.provide({ actors: { register: apiActors.register } });

/** Starts the registration flow in the page's language (the activation email's language). */
export function RegistrationPage() {
  const lang = useLanguage();
  const actor = useActorRef(liveRegistrationMachine, { input: { lang } });
  return <RegistrationView actor={actor} />;
}
