import type { AssociatedAccount, AssociationTicket } from '../../contract/schemas/association.ts';
import {
  apiError,
  change,
  changes,
  contextKey,
  defineModel,
  done,
  fail,
  fillField,
  fillInOrder,
  networkError,
  SAMPLE_HOLD_UNTIL,
  SAMPLE_NOW,
  SAMPLE_PASSWORD,
} from '../model-kit.ts';
import { CHALLENGE_FILL, CHALLENGE_SOLVE } from '../login/index.ts';
import { associationMachine } from './association.machine.ts';

/** The seeded demo full member's association (demo_oldstudent2) and the old student account to associate (demo_oldstudent1). */
export const SAMPLE_ASSOCIATED: AssociatedAccount = {
  id: '7f9c2b1e-0000-4000-8000-000000000002',
  cityId: 'demo_oldstudent2',
  displayName: 'Demo Old Student 2',
  associatedAt: new Date(SAMPLE_NOW - 30 * 24 * 60 * 60_000).toISOString(),
};
export const SAMPLE_TO_ASSOCIATE: AssociatedAccount = {
  id: '7f9c2b1e-0000-4000-8000-000000000001',
  cityId: 'demo_oldstudent1',
  displayName: 'Demo Old Student 1',
  associatedAt: new Date(SAMPLE_NOW).toISOString(),
};

/** The server's check of demo_oldstudent1: a student account, with the ticket the association spends. */
export const SAMPLE_TICKET: AssociationTicket = { ticket: 'sample-association-ticket-0000000000000000000', cityId: SAMPLE_TO_ASSOCIATE.cityId, category: 'STUDENT' };

const fills = [fillField('cityId', SAMPLE_TO_ASSOCIATE.cityId), fillField('password', SAMPLE_PASSWORD), CHALLENGE_FILL];
const listed = done('listAssociations', { associations: [SAMPLE_ASSOCIATED] });
const associated = done('associate', { account: SAMPLE_TO_ASSOCIATE, associations: [SAMPLE_ASSOCIATED, SAMPLE_TO_ASSOCIATE] });
const checked = done('checkAssociation', SAMPLE_TICKET);
/** The student account is over its budget of wrong passwords: the challenge (as on the login page), with the password forgotten. */
const challenged = [
  listed,
  change('cityId', SAMPLE_TO_ASSOCIATE.cityId),
  change('password', SAMPLE_PASSWORD),
  { type: 'form.submit' },
  fail('checkAssociation', apiError('loginChallengeRequired')),
] as const;
const inOrder = fillInOrder(fills, { exclude: ['dialog.cancel', 'retry'] });

export const associationModel = defineModel(associationMachine, {
  input: {},
  events: [
    done('listAssociations', { associations: [SAMPLE_ASSOCIATED] }),
    fail('listAssociations', apiError('non_full_member')),
    fail('listAssociations', networkError()),
    ...changes('cityId', SAMPLE_TO_ASSOCIATE.cityId, ''),
    ...changes('password', SAMPLE_PASSWORD, ''),
    { type: 'form.submit' },
    { type: 'association.remove', id: SAMPLE_ASSOCIATED.id },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'retry' },
    done('checkAssociation', SAMPLE_TICKET),
    fail('checkAssociation', apiError('loginThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('checkAssociation', apiError('loginChallengeRequired')),
    CHALLENGE_SOLVE,
    { type: 'recaptcha.expire' },
    fail('checkAssociation', apiError('invalidPayload', { fields: [{ field: 'cityId', rule: 'maxLength' }] })),
    fail('checkAssociation', networkError()),
    done('associate', { account: SAMPLE_TO_ASSOCIATE, associations: [SAMPLE_ASSOCIATED, SAMPLE_TO_ASSOCIATE] }),
    fail('associate', networkError()),
    done('removeAssociation', { account: SAMPLE_ASSOCIATED, associations: [] }),
    fail('removeAssociation', networkError()),
  ],
  key: contextKey('fieldErrors', 'errorCode', 'holdUntil', 'changed', 'challenged', 'recaptcha', 'recaptchaRound', 'ticket'),
  // Simple paths follow the successful calls only: every refusal leads back to the form, and their
  // permutations would be simple paths by the million. The shortest paths reach each refusal.
  simplePathFilter: (snapshot, event) => !event.type.startsWith('xstate.error.') && inOrder(snapshot, event),
  paths: [
    // Challenged: the widget solved and the password typed again, the check asked again with the token, then the association.
    [...challenged, change('password', SAMPLE_PASSWORD), CHALLENGE_SOLVE, { type: 'form.submit' }, checked, { type: 'dialog.confirm' }, associated],
    // Submitted before solving: the widget is asked for; a token that expired must be solved again.
    [...challenged, change('password', SAMPLE_PASSWORD), { type: 'form.submit' }, CHALLENGE_SOLVE, { type: 'recaptcha.expire' }, { type: 'form.submit' }],
  ],
});
