import { useActorRef, useSelector } from '@xstate/react';
import { changePasswordMachine } from '../../../machines/change-password/change-password.machine.ts';
import { apiActors } from '../../api/actors.ts';
import { useAppActors, usePasswordPolicy } from '../../shell/app-context.tsx';
import { ChangePasswordView } from './change-password-view.tsx';

const liveChangePasswordMachine = changePasswordMachine.provide({ actors: { changePassword: apiActors.changePassword } });

/**
 * Starts the change-password flow with the server's policy. The server rotates the session on
 * success and sets the new cookie, so the user stays signed in without telling the session actor.
 */
export function ChangePasswordPage() {
  const { session } = useAppActors();
  const policy = usePasswordPolicy();
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  const actor = useActorRef(liveChangePasswordMachine, { input: { policy } });
  const userInputs = user ? [user.loginId, user.loginEmail, user.contactEmail, user.displayName].filter((word): word is string => Boolean(word)) : [];
  return <ChangePasswordView actor={actor} userInputs={userInputs} />;
}
