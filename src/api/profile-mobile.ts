import * as profile from '../../contract/calls/profile.ts';
import type { MobileState } from '../../contract/schemas/profile.ts';
import { call } from './client.ts';

/**
 * The profile's mobile number and whether it is verified (`GET /api/profile`, read for that field
 * only) for /profile/mobile-verification. Apart from the verification actors (./verification.ts):
 * the full-member upgrade's phone step makes the mobile calls but never reads the profile, so it
 * does not download the profile's schemas (issue 26).
 */
export async function fetchProfileMobile(signal?: AbortSignal): Promise<MobileState | null> {
  return (await call(profile.profile, undefined, { signal })).mobile;
}
