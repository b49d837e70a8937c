import type { FamilyJoinLink, FamilyMemberStatus, FamilyOwnRequest, FamilyRole } from '../../contract/schemas/family.ts';
import { FAMILY_NAME, sampleFamilyCreated } from './family-create.model.ts';
import { familyJoinMachine } from './family-join.machine.ts';
import { apiError, change, changes, contextKey, defineModel, done, fail, fillField, fillInOrder, networkError, recaptchaFill, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, sampleNow, solveRecaptcha, timerEvent } from '../model-kit.ts';

/** Family samples are seen at the demo clock's noon (model-kit.ts); re-exported for the family tests. */
export { SAMPLE_NOW, sampleNow, timerEvent };

export const JOIN_NICKNAME = 'Siu Ming';
export const JOIN_TOKEN = 'recaptcha-join-token';

/** The link the admin of the sample family copies (the seeded demo admin is public1). */
export function sampleJoinLink(overrides: Partial<FamilyJoinLink> = {}): FamilyJoinLink {
  const { familyRef, code } = sampleFamilyCreated();
  return { adminEmail: 'public1@demo.test', familyRef, code, ...overrides };
}

export function sampleOwnRequest(status: FamilyMemberStatus): FamilyOwnRequest {
  return { status, familyId: sampleFamilyCreated().familyId, memberId: 'm-siu-ming', familyName: FAMILY_NAME };
}


/** The timer that ends a hold. */
export const joinHoldExpiry = timerEvent<typeof familyJoinMachine>('holdExpiry', 'familyJoin.held');

const solve = solveRecaptcha(JOIN_TOKEN);
const role = (value: FamilyRole | '') => change<'role', FamilyRole | ''>('role', value);
const statuses = ['pending', 'declined', 'kicked', 'dismissed', 'active'] as const;

/**
 * Simple paths fill the form once, in order, submit only from a clean form and never refresh:
 * otherwise every order of the fifteen refusals, and of the five request statuses met on
 * refreshes, would be a simple path of its own. Shortest and completion paths cover the rest.
 */
const fillForm = fillInOrder(
  [
    fillField('nickname', JOIN_NICKNAME),
    fillField<'role', FamilyRole | ''>('role', 'SIBLING'),
    recaptchaFill(solve),
  ],
  { exclude: ['recaptcha.expire', 'form.cancel', 'retry', 'request.refresh'] },
);

export const familyJoinModel = defineModel(familyJoinMachine, {
  input: { lang: 'en', link: sampleJoinLink(), now: sampleNow },
  events: [
    done('fetchOwnRequest', null),
    ...statuses.map((status) => done('fetchOwnRequest', sampleOwnRequest(status))),
    fail('fetchOwnRequest', networkError()),
    { type: 'retry' },
    // The link prefills admin email, reference and code: one other valid code, and one missing.
    ...changes('code', '654321', ''),
    ...changes('nickname', JOIN_NICKNAME),
    role('SIBLING'),
    solve,
    { type: 'recaptcha.expire' },
    { type: 'form.submit' },
    { type: 'form.cancel' },
    done('joinFamily', { status: 'pending' }),
    fail('joinFamily', apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('joinFamily', apiError('indecentLanguage', { fields: [{ field: 'nickname', rule: 'indecent' }] })),
    fail('joinFamily', networkError()),
    joinHoldExpiry,
    { type: 'request.refresh' },
    { type: 'request.withdraw' },
    { type: 'notice.acknowledge' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    done('handleRequest', undefined),
    fail('handleRequest', apiError('familyCannotWithdrawProcessed')),
    fail('handleRequest', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'recaptchaRound', 'now', 'lang', 'link'),
  simplePathFilter: (snapshot, event) => fillForm(snapshot, event) && (event.type !== 'form.submit' || snapshot.matches({ editing: 'idle' })),
  paths: [
    // Join from the link, wait, and be accepted.
    [
      done('fetchOwnRequest', null),
      change('nickname', JOIN_NICKNAME),
      role('SIBLING'),
      solve,
      { type: 'form.submit' },
      done('joinFamily', { status: 'pending' }),
      done('fetchOwnRequest', sampleOwnRequest('pending')),
      { type: 'request.refresh' },
      done('fetchOwnRequest', sampleOwnRequest('active')),
    ],
    // A wrong code typed by hand is a code mismatch, not a bad link.
    [
      done('fetchOwnRequest', null),
      change('code', '654321'),
      change('nickname', JOIN_NICKNAME),
      role('SIBLING'),
      solve,
      { type: 'form.submit' },
      fail('joinFamily', apiError('familyCodeMismatch')),
    ],
  ],
});
