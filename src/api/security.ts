import { fromPromise } from 'xstate';
import * as security from '../../contract/calls/security.ts';
import type { SecurityOverview } from '../../machines/security/security-sessions.machine.ts';
import { call } from './client.ts';
import { fromCall } from './from-call.ts';

/** The security page's actors, apart from the others so only its page downloads them. */
export const securityActors = {
  /** The sessions and the sign-in history, read together: the page opens on both. */
  loadSecurity: fromPromise<SecurityOverview, void>(async ({ signal }) => {
    const [sessions, history] = await Promise.all([call(security.sessions, undefined, { signal }), call(security.history, undefined, { signal })]);
    return { sessions: sessions.sessions, history: history.entries };
  }),
  signOutSession: fromCall(security.signOutSession),
  signOutOthers: fromCall(security.signOutOthers),
};
