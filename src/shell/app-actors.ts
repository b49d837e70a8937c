import { createActor, type ActorRefFrom } from 'xstate';
import { fatalErrorMachine } from '../../machines/shell/fatal-error.machine.ts';
import { sessionMachine } from '../../machines/shell/session.machine.ts';
import { apiActors } from '../api/actors.ts';
import { setFatalHandler, type FatalKind } from '../api/client.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type FatalErrorActor = ActorRefFrom<typeof fatalErrorMachine>;

export interface AppActors {
  session: SessionActor;
  fatalError: FatalErrorActor;
}

/** What the API's fatal hook does: ≥500 always raises, a lost (or signed-out) session only while signed in. */
export function routeFatal(actors: AppActors, kind: FatalKind): void {
  if (kind === 'server') {
    actors.fatalError.send({ type: 'fatal.raise', reason: 'server' });
    return;
  }
  if (actors.session.getSnapshot().matches('signedIn')) {
    const signedOut = kind === 'signedOut';
    actors.session.send({ type: 'session.expire', signedOut });
    actors.fatalError.send({ type: 'fatal.raise', reason: signedOut ? 'signedOut' : 'sessionExpired' });
  }
}

/**
 * Starts the app's two long-lived actors once, with the real API behind them, and wires the
 * API's fatal hook to them. Returns a stop function (tests, hot reload).
 */
export function startAppActors(): AppActors & { stop: () => void } {
  const session = createActor(sessionMachine.provide({ actors: { fetchMe: apiActors.fetchMe, logout: apiActors.logout } }), { input: {} });
  const fatalError = createActor(fatalErrorMachine, { input: {} });
  const actors: AppActors = { session, fatalError };

  // Closing the "session expired" (or "signed out") dialog is the acknowledgement the session waits for.
  let previous = fatalError.getSnapshot();
  const ending = (snapshot: typeof previous) => snapshot.matches('sessionExpired') || snapshot.matches('signedOut');
  const subscription = fatalError.subscribe((snapshot) => {
    if (ending(previous) && !ending(snapshot) && session.getSnapshot().matches('expired')) {
      session.send({ type: 'expired.acknowledge' });
    }
    previous = snapshot;
  });
  const uninstall = setFatalHandler((kind) => routeFatal(actors, kind));

  session.start();
  fatalError.start();
  return {
    ...actors,
    stop() {
      uninstall();
      subscription.unsubscribe();
      session.stop();
      fatalError.stop();
    },
  };
}
