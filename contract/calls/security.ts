import * as v from 'valibot';
import { declareCall } from '../call.ts';
import {
  SignedInSessionSchema,
  SignInHistoryEntrySchema,
  SignOutSessionRequestSchema,
} from '../schemas/security.ts';

/** The account's security page (issue 10, docs/decisions/account-security.md). */

export const sessions = declareCall({
  name: 'security.sessions',
  method: 'get',
  path: 'profile/security/sessions',
  session: true,
  response: v.object({ sessions: v.array(SignedInSessionSchema) }),
  codes: [],
  summary: "The signed-in user's live sessions by public id, with browser and system; the current one first and marked, then the most recently seen.",
});

export const signOutSession = declareCall({
  name: 'security.signOutSession',
  method: 'post',
  path: 'profile/security/sessions/sign-out',
  session: true,
  request: SignOutSessionRequestSchema,
  response: v.object({}),
  codes: ['sessionNotFound', 'sessionIsCurrent'],
  summary: "Signs out one of the user's other sessions by its public id: that browser's next call is answered 401.",
});

export const signOutOthers = declareCall({
  name: 'security.signOutOthers',
  method: 'post',
  path: 'profile/security/sessions/sign-out-others',
  session: true,
  response: v.object({ signedOut: v.number() }),
  codes: [],
  summary: "Signs out every session of the user but the current one; answers how many ended.",
});

export const history = declareCall({
  name: 'security.history',
  method: 'get',
  path: 'profile/security/sign-ins',
  session: true,
  response: v.object({ entries: v.array(SignInHistoryEntrySchema), days: v.number() }),
  codes: [],
  summary: 'The last 90 days of sign-ins and attempts on the account, newest first (at most 200).',
});
