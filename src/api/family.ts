import { fromPromise } from 'xstate';
import type { Language } from '../../contract/languages.ts';
import type {
  CreateFamilyRequest,
  FamilyCreated,
  FamilyCurrentPage,
  FamilyDetails,
  FamilyHold,
  FamilyIdRequest,
  FamilyOwnRequest,
  FamilyPermission,
  FamilyRequests,
  FamilyRoles,
  HandleRequest,
  InviteRequest,
  JoinFamilyRequest,
  UpdateFamilyInfoRequest,
} from '../../contract/schemas/family.ts';
import { apiClient, send } from './client.ts';

/**
 * The family calls of docs/api.md (SPEC §7 under `/api/family`, plus `POST /family/invite`), one
 * typed function each, and the actors the family machines declare. They live apart from
 * `calls.ts`/`actors.ts` so that only the family page downloads them.
 */

const lang = (value: Language) => `lang=${encodeURIComponent(value)}`;

export function fetchFamilyPermission(signal?: AbortSignal): Promise<FamilyPermission> {
  return send<FamilyPermission>(apiClient, 'get', 'family/permission', { signal });
}

export function fetchFamilyCurrentPage(signal?: AbortSignal): Promise<FamilyCurrentPage> {
  return send<FamilyCurrentPage>(apiClient, 'get', 'family/currentPage', { signal });
}

export function fetchFamilyHold(signal?: AbortSignal): Promise<FamilyHold> {
  return send<FamilyHold>(apiClient, 'get', 'family/hold', { signal });
}

export function fetchFamilyRoles(signal?: AbortSignal): Promise<FamilyRoles> {
  return send<FamilyRoles>(apiClient, 'get', 'family/roles', { signal });
}

export function createFamily(request: CreateFamilyRequest, signal?: AbortSignal): Promise<FamilyCreated> {
  return send<FamilyCreated>(apiClient, 'post', 'family', { json: request, signal });
}

export function joinFamily(request: JoinFamilyRequest, signal?: AbortSignal): Promise<{ status: 'pending' }> {
  return send<{ status: 'pending' }>(apiClient, 'post', 'family/join', { json: request, signal });
}

export function fetchFamily(language: Language, signal?: AbortSignal): Promise<FamilyDetails> {
  return send<FamilyDetails>(apiClient, 'get', `family/family?${lang(language)}`, { signal });
}

export function fetchFamilyRequests(language: Language, signal?: AbortSignal): Promise<FamilyRequests> {
  return send<FamilyRequests>(apiClient, 'get', `family/request?${lang(language)}`, { signal });
}

export async function handleFamilyRequest(request: HandleRequest, signal?: AbortSignal): Promise<void> {
  await send<unknown>(apiClient, 'post', 'family/handle-request', { json: request, signal });
}

export async function regenerateFamilyCode(request: FamilyIdRequest, signal?: AbortSignal): Promise<void> {
  await send<unknown>(apiClient, 'post', 'family/regen-family-code', { json: request, signal });
}

export async function leaveFamily(request: FamilyIdRequest, signal?: AbortSignal): Promise<void> {
  await send<unknown>(apiClient, 'post', 'family/leave-family', { json: request, signal });
}

export async function dismissFamily(request: FamilyIdRequest, signal?: AbortSignal): Promise<void> {
  await send<unknown>(apiClient, 'delete', `family/dismiss-family?familyId=${encodeURIComponent(request.familyId)}`, { signal });
}

export async function updateFamilyInfo(request: UpdateFamilyInfoRequest, signal?: AbortSignal): Promise<void> {
  await send<unknown>(apiClient, 'post', 'family/update-info', { json: request, signal });
}

export async function inviteToFamily(request: InviteRequest, signal?: AbortSignal): Promise<void> {
  await send<unknown>(apiClient, 'post', 'family/invite', { json: request, signal });
}

interface LangQuery {
  lang: Language;
}

/**
 * The real actors of the family machines, keyed by the names the machines declare
 * (`familyHome`, `familyCreate`, `familyJoin`, `familyDetails`). `copyLink` and `shareWhatsApp`
 * are the browser's (clipboard, new window), so the family page provides those itself.
 */
export const familyActors = {
  fetchPermission: fromPromise<FamilyPermission, void>(({ signal }) => fetchFamilyPermission(signal)),
  fetchCurrentPage: fromPromise<FamilyCurrentPage, void>(({ signal }) => fetchFamilyCurrentPage(signal)),
  fetchHold: fromPromise<FamilyHold, void>(({ signal }) => fetchFamilyHold(signal)),
  createFamily: fromPromise<FamilyCreated, CreateFamilyRequest>(({ input, signal }) => createFamily(input, signal)),
  joinFamily: fromPromise<unknown, JoinFamilyRequest>(({ input, signal }) => joinFamily(input, signal)),
  /** `GET /family/request` read for the requester's own request only. */
  fetchOwnRequest: fromPromise<FamilyOwnRequest | null, LangQuery>(async ({ input, signal }) => (await fetchFamilyRequests(input.lang, signal)).ownRequest),
  fetchFamily: fromPromise<FamilyDetails, LangQuery>(({ input, signal }) => fetchFamily(input.lang, signal)),
  fetchRequests: fromPromise<FamilyRequests, LangQuery>(({ input, signal }) => fetchFamilyRequests(input.lang, signal)),
  handleRequest: fromPromise<unknown, HandleRequest>(({ input, signal }) => handleFamilyRequest(input, signal)),
  updateInfo: fromPromise<unknown, UpdateFamilyInfoRequest>(({ input, signal }) => updateFamilyInfo(input, signal)),
  regenerateCode: fromPromise<unknown, FamilyIdRequest>(({ input, signal }) => regenerateFamilyCode(input, signal)),
  inviteByEmail: fromPromise<unknown, InviteRequest>(({ input, signal }) => inviteToFamily(input, signal)),
  dismissFamily: fromPromise<unknown, FamilyIdRequest>(({ input, signal }) => dismissFamily(input, signal)),
  leaveFamily: fromPromise<unknown, FamilyIdRequest>(({ input, signal }) => leaveFamily(input, signal)),
};
