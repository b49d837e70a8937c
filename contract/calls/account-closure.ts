import * as v from 'valibot';
import { declareCall } from '../call.ts';
import { AccountClosureSchema } from '../schemas/account-closure.ts';

/** Closing an account (issue 23; docs/decisions/account-closure.md). */

export const status = declareCall({
  name: 'accountClosure.status',
  method: 'get',
  path: 'profile/closure',
  session: true,
  response: AccountClosureSchema,
  codes: [],
  summary: 'Whether the signed-in account is closing, and when its personal data will be erased.',
});

export const close = declareCall({
  name: 'accountClosure.close',
  method: 'post',
  path: 'profile/closure/close',
  session: true,
  response: v.object({ eraseAt: v.string() }),
  codes: ['stepUpRequired', 'closureSchoolManaged', 'closureNotAllowed', 'closureLastFamilyAdmin', 'closureAlreadyRequested'],
  summary:
    'Closes the signed-in account (public and full members), after a proof in the last 10 minutes (step-up): every session ends, a security email says when the data will be erased (14 days), and signing in before then can cancel it.',
});

export const cancel = declareCall({
  name: 'accountClosure.cancel',
  method: 'post',
  path: 'profile/closure/cancel',
  session: true,
  response: v.object({}),
  codes: ['closureNotRequested'],
  summary: "Cancels the signed-in account's closure within its 14 days; a security email says so.",
});
