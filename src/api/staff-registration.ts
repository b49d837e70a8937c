import * as staffRegistration from '../../contract/calls/staff-registration.ts';
import { fromCall } from './from-call.ts';

/** Staff registration's actor, apart from the others so only its page downloads it. */
export const staffActors = {
  registerStaff: fromCall(staffRegistration.register),
};
