import { fromPromise } from 'xstate';
import * as family from '../../contract/calls/family.ts';
import type { Language } from '../../contract/languages.ts';
import type { FamilyDetails, FamilyOwnRequest, FamilyRequests } from '../../contract/schemas/family.ts';
import { call } from './client.ts';
import { fromCall, fromCallIgnoringAnswer } from './from-call.ts';

interface LangQuery {
  lang: Language;
}

/**
 * The actors the family machines declare (`familyHome`, `familyCreate`, `familyJoin`,
 * `familyDetails`), each one declared call (contract/calls/family.ts). Apart from the other
 * actors so that only the family page downloads them. `copyLink` and `shareWhatsApp` are the
 * browser's (clipboard, new window), so the family page provides those itself.
 */
export const familyActors = {
  fetchPermission: fromCall(family.permission),
  fetchCurrentPage: fromCall(family.currentPage),
  fetchHold: fromCall(family.hold),
  createFamily: fromCall(family.create),
  joinFamily: fromCallIgnoringAnswer(family.join),
  /** `GET /family/request` read for the requester's own request only. */
  fetchOwnRequest: fromPromise<FamilyOwnRequest | null, LangQuery>(async ({ input, signal }) => (await call(family.requests, input, { signal })).ownRequest),
  fetchFamily: fromPromise<FamilyDetails, LangQuery>(({ input, signal }) => call(family.details, input, { signal })),
  fetchRequests: fromPromise<FamilyRequests, LangQuery>(({ input, signal }) => call(family.requests, input, { signal })),
  handleRequest: fromCallIgnoringAnswer(family.handleRequest),
  updateInfo: fromCallIgnoringAnswer(family.updateInfo),
  regenerateCode: fromCallIgnoringAnswer(family.regenerateCode),
  inviteByEmail: fromCallIgnoringAnswer(family.invite),
  dismissFamily: fromCallIgnoringAnswer(family.dismiss),
  leaveFamily: fromCallIgnoringAnswer(family.leave),
};
