import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { FamilyDetails, FamilyMember, FamilyRequestRow, FamilyRequests, FamilyRole } from '../../contract/schemas/family.ts';
import { familyDetailsMachine, type FamilyDetailsContext } from './family-details.machine.ts';
import { sampleNow } from './family-join.model.ts';
import { apiError, defineModel, done, fail, failEach, networkError } from '../model-kit.ts';

// ---- Sample families (the signed-in user is always "Papa Chan", m-papa) ----------------------

export const LOGIN_EMAIL = 'public1@demo.test';
export const ME = 'm-papa';
export const MAMA = 'm-mama';
export const FIRST_REQUEST = 'm-request-1';
export const UNKNOWN_MEMBER = 'm-nobody';

export function sampleMember(memberId: string, nickname: string, familyRole: FamilyRole, overrides: Partial<FamilyMember> = {}): FamilyMember {
  return { memberId, nickname, familyRole, isAdmin: false, status: 'active', isCurrentUser: memberId === ME, ...overrides };
}

const VALID_CODE = { code: '482913', codeCreatedAt: '2026-01-15T11:00:00.000Z', codeExpiresAt: '2026-01-22T11:00:00.000Z' };
const EXPIRED_CODE = { code: '175320', codeCreatedAt: '2026-01-07T09:00:00.000Z', codeExpiresAt: '2026-01-14T09:00:00.000Z' };

/** The user is the only admin; Mama is a member; the code is valid. */
export function adminFamily(overrides: Partial<FamilyDetails> = {}): FamilyDetails {
  return {
    familyId: 'f-chan',
    familyName: 'The Chans',
    familyRef: 'F7K2Q9',
    ...VALID_CODE,
    members: [sampleMember(ME, 'Papa Chan', 'FATHER', { isAdmin: true }), sampleMember(MAMA, 'Mama Chan', 'MOTHER')],
    ...overrides,
  };
}

/** Six members (the capacity), Mama is a second admin, and the code has expired. */
export function fullFamily(overrides: Partial<FamilyDetails> = {}): FamilyDetails {
  return {
    familyId: 'f-wong',
    familyName: 'The Wongs',
    familyRef: 'W3M8P1',
    ...EXPIRED_CODE,
    members: [
      sampleMember(ME, 'Papa Chan', 'FATHER', { isAdmin: true }),
      sampleMember(MAMA, 'Mama Wong', 'MOTHER', { isAdmin: true }),
      sampleMember('m-ming', 'Ming', 'CHILD'),
      sampleMember('m-fong', 'Fong', 'CHILD'),
      sampleMember('m-popo', 'Po Po', 'GRANDPARENT'),
      sampleMember('m-kung', 'Kung Kung', 'GRANDPARENT'),
    ],
    ...overrides,
  };
}

/** The user is an ordinary member: no code, no requests. */
export function memberFamily(overrides: Partial<FamilyDetails> = {}): FamilyDetails {
  return {
    familyId: 'f-lee',
    familyName: 'The Lees',
    familyRef: 'L5T2R7',
    code: null,
    codeCreatedAt: null,
    codeExpiresAt: null,
    members: [sampleMember('m-lee', 'Mr Lee', 'GUARDIAN', { isAdmin: true }), sampleMember(ME, 'Papa Chan', 'RELATIVE')],
    ...overrides,
  };
}

/** Seven pending requests: two pages of five. */
export function sampleRequests(count = 7): FamilyRequests {
  const requests: FamilyRequestRow[] = Array.from({ length: count }, (_, index) => ({
    memberId: `m-request-${index + 1}`,
    nickname: `Cousin ${index + 1}`,
    familyRole: 'RELATIVE',
    status: 'pending',
    requestedAt: `2026-01-1${index % 5}T08:00:00.000Z`,
  }));
  return { requests, ownRequest: null };
}

// ---- Sample events ---------------------------------------------------------------------------

const member = <T extends string>(type: T, memberId: string) => ({ type, memberId });

/** Events the simple paths never take: they return to screens already walked. */
const REVISITING = new Set(['dialog.cancel', 'error.dismiss', 'family.refresh', 'requests.next', 'requests.previous', 'retry']);

/**
 * Simple paths walk the admin's family only, act only from a clean screen, never go back, and
 * read back the same family after an action; with the fifteen actions and their refusals,
 * anything wider enumerates millions of orders. Shortest paths reach every state of every sample
 * family and the completion paths take every other transition.
 */
function simplePathFilter(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  if (REVISITING.has(event.type)) return false;
  if (snapshot.matches({ ready: 'open' }) && !snapshot.matches({ ready: { open: 'idle' } })) return false;
  if (event.type === 'xstate.done.actor.fetchFamily') {
    return (event as EventObject & { output: FamilyDetails }).output.familyId === adminFamily().familyId;
  }
  return true;
}

/**
 * What decides how the machine reacts: which sample family (told apart by id, code expiry and
 * size), how many requests, the page, and how it ended. Smaller than the whole context, which
 * the walker would serialise for every one of its tens of thousands of steps.
 */
function behaviourKey(snapshot: AnyMachineSnapshot): unknown {
  const context = snapshot.context as FamilyDetailsContext;
  const family = context.family;
  return [
    family && [family.familyId, family.codeExpiresAt, family.members.length],
    context.requests.length,
    context.requestsPage,
    context.ending,
  ];
}

export const familyDetailsModel = defineModel(familyDetailsMachine, {
  input: { lang: 'en', loginEmail: LOGIN_EMAIL, now: sampleNow },
  events: [
    done('fetchFamily', adminFamily()),
    done('fetchFamily', fullFamily()),
    done('fetchFamily', memberFamily()),
    fail('fetchFamily', networkError()),
    done('fetchRequests', sampleRequests()),
    fail('fetchRequests', networkError()),
    { type: 'retry' },
    { type: 'family.refresh' },
    { type: 'requests.next' },
    { type: 'requests.previous' },
    member('member.accept', FIRST_REQUEST),
    member('member.accept', UNKNOWN_MEMBER),
    member('member.decline', FIRST_REQUEST),
    member('member.acceptAndGrantAdmin', FIRST_REQUEST),
    member('member.kick', MAMA),
    member('member.kick', UNKNOWN_MEMBER),
    member('member.grantAdmin', MAMA),
    member('member.grantAdmin', ME),
    member('member.grantAdmin', UNKNOWN_MEMBER),
    member('member.removeAdmin', ME),
    member('member.removeAdmin', UNKNOWN_MEMBER),
    { type: 'family.rename', familyName: 'The Chan Family' },
    { type: 'family.rename', familyName: '' },
    // Saving what is saved (the admin family's own name, Papa Chan's own nickname and role).
    { type: 'family.rename', familyName: 'The Chans' },
    { type: 'self.update', nickname: 'Papa Chan', familyRole: 'FATHER' },
    { type: 'self.update', nickname: 'Daddy', familyRole: 'FATHER' },
    { type: 'self.update', nickname: '', familyRole: 'FATHER' },
    { type: 'invite.send', email: 'cousin@demo.test' },
    { type: 'invite.send', email: 'not-an-email' },
    { type: 'invite.whatsapp' },
    { type: 'link.copy' },
    { type: 'code.regenerate' },
    { type: 'family.dismiss' },
    { type: 'family.leave' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'error.dismiss' },
    done('handleRequest', undefined),
    ...failEach('handleRequest', ['familyMemberNotAdmin']),
    fail('handleRequest', networkError()),
    done('updateInfo', undefined),
    fail('updateInfo', apiError('indecentLanguage', { fields: [{ field: 'familyName', rule: 'indecent' }] })),
    fail('updateInfo', networkError()),
    done('regenerateCode', undefined),
    fail('regenerateCode', networkError()),
    done('inviteByEmail', undefined),
    fail('inviteByEmail', apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] })),
    fail('inviteByEmail', networkError()),
    done('copyLink', undefined),
    fail('copyLink', new Error('The clipboard refused the text')),
    done('shareWhatsApp', undefined),
    fail('shareWhatsApp', new Error('The window was blocked')),
    done('dismissFamily', undefined),
    fail('dismissFamily', networkError()),
    done('leaveFamily', undefined),
    fail('leaveFamily', networkError()),
  ],
  key: behaviourKey,
  simplePathFilter,
  paths: [
    // An admin accepts the first request; the lists are read again.
    [
      done('fetchFamily', adminFamily()),
      done('fetchRequests', sampleRequests()),
      member('member.accept', FIRST_REQUEST),
      { type: 'dialog.confirm' },
      done('handleRequest', undefined),
      done('fetchFamily', adminFamily()),
      done('fetchRequests', sampleRequests(6)),
    ],
    // An expired code is regenerated before the invitation goes out.
    [
      done('fetchFamily', fullFamily()),
      done('fetchRequests', sampleRequests()),
      { type: 'invite.send', email: 'cousin@demo.test' },
      { type: 'code.regenerate' },
      { type: 'dialog.confirm' },
      done('regenerateCode', undefined),
      done('fetchFamily', fullFamily(VALID_CODE)),
      done('fetchRequests', sampleRequests()),
      { type: 'invite.send', email: 'cousin@demo.test' },
      { type: 'dialog.confirm' },
      done('inviteByEmail', undefined),
    ],
    // A member leaves.
    [done('fetchFamily', memberFamily()), { type: 'family.leave' }, { type: 'dialog.confirm' }, done('leaveFamily', undefined)],
    // The admin dismissed the family while a member was looking: the member leaves it.
    [
      done('fetchFamily', memberFamily()),
      { type: 'family.refresh' },
      fail('fetchFamily', apiError('familyDismissed')),
      { type: 'family.leave' },
      { type: 'dialog.confirm' },
      done('leaveFamily', undefined),
    ],
  ],
});

export { VALID_CODE as SAMPLE_VALID_CODE };
