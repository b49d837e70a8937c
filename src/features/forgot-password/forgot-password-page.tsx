import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ForgotPasswordRequest, ForgotPasswordResult } from '../../../contract/schemas/account.ts';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine.ts';
import { requestPasswordReset } from '../../api/calls.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { ForgotPasswordView } from './forgot-password-view.tsx';

const liveForgotPasswordMachine = forgotPasswordMachine.provide({
  actors: {
    requestReset: fromPromise<ForgotPasswordResult, ForgotPasswordRequest>(({ input, signal }) => requestPasswordReset(input, signal)),
  },
});

/** Starts the forgot-password flow; the emailed link is in the page's language. */
export function ForgotPasswordPage() {
  const lang = useLanguage();
  const actor = useActorRef(liveForgotPasswordMachine, { input: { lang } });
  return <ForgotPasswordView actor={actor} />;
}
