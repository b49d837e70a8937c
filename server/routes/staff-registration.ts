import * as calls from '../../contract/calls/staff-registration.ts';
import { DomainError } from '../domain/errors.ts';
import { registerStaff } from '../domain/staff-registration.ts';
import { accountSettings, countDiscoveryOf, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** Staff registration (contract/calls/staff-registration.ts). */
export function staffRoutes(deps: RouteDeps): Route[] {
  return [
    route(
      calls.register,
      async (c, input) => {
        // "Login ID taken" and "email taken" tell that an account exists: paid for like a guess.
        await countDiscoveryOf(c, deps, [input.loginId, input.email]);
        return registerStaff(deps.database.db, input, deps.recaptcha, accountSettings(deps), deps.clock.now());
      },
      {
      // Unticked terms alone has its own code, so the form can say exactly that.
      refuse: (fields) => {
        const onlyTerms = fields.length === 1 && fields[0]?.field === 'acceptTerms';
        return new DomainError(onlyTerms ? 'termsNotAccepted' : 'invalidPayload', { fields });
        },
      },
    ),
  ];
}
