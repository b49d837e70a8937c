import { useActorRef } from '@xstate/react';
import { accountClosureMachine } from '../../../machines/account-closure/account-closure.machine.ts';
import { accountClosureActors } from '../../api/account-closure.ts';
import { AccountClosurePendingNotice } from './account-closure-notices.tsx';

/**
 * The notice's machine: the closure's own, with its calls. Its path (status, Cancel closure, what
 * came of it) never closes the account, so never meets the step-up child the page provides.
 */
const noticeMachine = accountClosureMachine.provide({ actors: accountClosureActors });

/** The grace-period notice at the top of the profile pages: nothing unless the account is closing. */
export function AccountClosureNotice() {
  const actor = useActorRef(noticeMachine, { input: {} });
  return <AccountClosurePendingNotice actor={actor} />;
}
