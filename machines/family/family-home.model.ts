import type { FamilyPermission } from '../../contract/schemas/family.ts';
import { sampleFamilyCreated } from './family-create.model.ts';
import { LOGIN_EMAIL } from './family-details.model.ts';
import { familyHomeMachine } from './family-home.machine.ts';
import { sampleJoinLink, sampleNow, timerEvent } from './family-join.model.ts';
import { contextKey, defineModel, done, fail, networkError, SAMPLE_HOLD_UNTIL } from '../model-kit.ts';

export function samplePermission(reason: string | null = null): FamilyPermission {
  return { allowed: reason === null, reason };
}

export const homeHoldExpiry = timerEvent<typeof familyHomeMachine>('holdExpiry', 'familyHome.held');

const allowed = done('fetchPermission', samplePermission());
const homePage = done('fetchCurrentPage', { page: 'home' });
const notHeld = done('fetchHold', { held: false, holdUntil: null });

/** The signed-in user's display name, which prefills the forms' nickname. */
export const SAMPLE_DISPLAY_NAME = 'Chan Siu Ming';

export const familyHomeModel = defineModel(familyHomeMachine, {
  input: { lang: 'en', loginEmail: LOGIN_EMAIL, displayName: SAMPLE_DISPLAY_NAME, link: sampleJoinLink(), now: sampleNow },
  events: [
    allowed,
    done('fetchPermission', samplePermission('familyNoLoginEmail')),
    done('fetchPermission', samplePermission('familyFunctionalAccount')),
    done('fetchPermission', samplePermission('familyStudentOnly')),
    done('fetchPermission', samplePermission('familyAccountType')),
    done('fetchPermission', samplePermission('forbidden')),
    fail('fetchPermission', networkError()),
    homePage,
    done('fetchCurrentPage', { page: 'pending' }),
    done('fetchCurrentPage', { page: 'details' }),
    fail('fetchCurrentPage', networkError()),
    notHeld,
    done('fetchHold', { held: true, holdUntil: SAMPLE_HOLD_UNTIL }),
    fail('fetchHold', networkError()),
    homeHoldExpiry,
    { type: 'home.create' },
    { type: 'home.join' },
    { type: 'home.back' },
    { type: 'retry' },
    done('familyCreate', { outcome: 'created', family: sampleFamilyCreated() }),
    done('familyCreate', { outcome: 'cancelled' }),
    done('familyCreate', { outcome: 'cancelled', values: { familyName: 'The Lams', nickname: 'Ma Lam', role: 'MOTHER' } }),
    fail('familyCreate', new Error('familyCreate stopped')),
    done('familyJoin', { outcome: 'accepted' }),
    done('familyJoin', { outcome: 'cancelled' }),
    fail('familyJoin', new Error('familyJoin stopped')),
    done('familyDetails', { ending: 'left' }),
    fail('familyDetails', new Error('familyDetails stopped')),
  ],
  key: contextKey('errorCode', 'holdUntil', 'now', 'lang', 'loginEmail', 'link', 'unusedLink', 'createDraft', 'joinDraft'),
  paths: [
    // A visitor with a join link goes straight to the prefilled join form, and gets accepted.
    [allowed, homePage, notHeld, done('familyJoin', { outcome: 'accepted' })],
    // Create a family, then leave it: the home is read again and offers create or join.
    [
      allowed,
      done('fetchCurrentPage', { page: 'details' }),
      done('familyDetails', { ending: 'left' }),
      allowed,
      homePage,
      notHeld,
      { type: 'home.create' },
      done('familyCreate', { outcome: 'created', family: sampleFamilyCreated() }),
    ],
  ],
});
