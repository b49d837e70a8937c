import { waitFor, type SnapshotFrom } from 'xstate';
import type { SessionActor } from './app-actors.ts';

/** The session once it knows whether someone is signed in (after the first `users/me`). */
export function settledSession(session: SessionActor): Promise<SnapshotFrom<SessionActor>> {
  return waitFor(session, (snapshot) => !snapshot.matches('loading'));
}
