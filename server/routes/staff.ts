import * as calls from '../../contract/calls/staff.ts';
import { DomainError } from '../domain/errors.ts';
import { registerStaff } from '../domain/staff-registration.ts';
import { accountSettings, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Staff registration (contract/calls/staff.ts). */
export function staffRoutes(deps: RouteDeps): Route[] {
  return [
    route(calls.register, (_c, input) => registerStaff(deps.database.db, input, deps.recaptcha, accountSettings(deps), deps.clock.now()), {
      // Unticked terms alone has its own code, so the form can say exactly that.
      refuse: (fields) => {
        const onlyTerms = fields.length === 1 && fields[0]?.field === 'acceptTerms';
        return new DomainError(onlyTerms ? 'termsNotAccepted' : 'invalidPayload', { fields });
      },
    }),
  ];
}
