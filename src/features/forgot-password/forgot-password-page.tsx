import { useActorRef } from '@xstate/react';
import { forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine.ts';
import { apiActors } from '../../api/actors.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { ForgotPasswordView } from './forgot-password-view.tsx';

const liveForgotPasswordMachine = forgotPasswordMachine.provide({ actors: { requestReset: apiActors.requestReset } });

/** Starts the forgot-password flow; the emailed link is in the page's language. */
export function ForgotPasswordPage() {
  const lang = useLanguage();
  const actor = useActorRef(liveForgotPasswordMachine, { input: { lang } });
  return <ForgotPasswordView actor={actor} />;
}
