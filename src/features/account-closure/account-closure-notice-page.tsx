import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { accountClosureMachine } from '../../../machines/account-closure/account-closure.machine.ts';
import { accountClosureActors } from '../../api/account-closure.ts';
import { lazyMessageGroups } from '../../i18n/lazy-messages.tsx';

/**
 * The notice's machine: the closure's own, with its calls. Its path (status, Cancel closure, what
 * came of it) never closes the account, so never meets the step-up child the page provides.
 */
const noticeMachine = accountClosureMachine.provide({ actors: accountClosureActors });

/*
 * The notice's view and its messages (group `accountClosure`) download only once the status says
 * there is something to show (issue 26, item 14): an account that is not closing, nearly every
 * one, never downloads them. Until they are here nothing shows, as while the status is read.
 */
const LazyPendingNotice = lazy(() => import('./account-closure-notices.tsx').then((module) => ({ default: module.AccountClosurePendingNotice })));
const noticeMessages = lazyMessageGroups(['accountClosure']);

/** The states in which AccountClosurePendingNotice shows something (it renders nothing in the others). */
const SHOWN = ['closing', 'cancelling', 'cancelFailed', 'cancelled'] as const;

/** The grace-period notice at the top of the profile pages: nothing unless the account is closing. */
export function AccountClosureNotice() {
  const actor = useActorRef(noticeMachine, { input: {} });
  const shown = useSelector(actor, (snapshot) => SHOWN.some((state) => snapshot.matches(state)));
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <noticeMessages.Provider>
        <LazyPendingNotice actor={actor} />
      </noticeMessages.Provider>
    </Suspense>
  );
}
