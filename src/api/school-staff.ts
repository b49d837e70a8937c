import * as calls from '../../contract/calls/profile.ts';
import { checkProfileForm, readProfileForm, saveProfileValues } from './profile-form-calls.ts';

/** The actors `profileForm` declares for the school staff info (/school-staff-info), made of its calls in contract/calls/profile.ts. */
export const schoolStaffActors = {
  loadProfile: readProfileForm(calls.schoolStaff),
  checkProfile: checkProfileForm(calls.check),
  saveProfile: saveProfileValues(calls.saveSchoolStaff),
};
