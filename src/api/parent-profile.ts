import * as calls from '../../contract/calls/parent-profile.ts';
import { checkProfileValues, readProfileForm, saveProfileValues } from './profile-form-calls.ts';

/** The actors `profileForm` declares for the parent profile (/profile/parent), made of its calls (contract/calls/parent-profile.ts). */
export const parentProfileActors = {
  loadProfile: readProfileForm(calls.parent),
  checkProfile: checkProfileValues(calls.check),
  saveProfile: saveProfileValues(calls.saveParent),
};
