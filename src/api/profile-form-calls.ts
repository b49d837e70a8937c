import { fromPromise } from 'xstate';
import type { CallDeclaration, ResponseOf } from '../../contract/call.ts';
import type { FieldIssue } from '../../contract/errors.ts';
import type { ProfileDetails, ProfileFormCall, ProfileFormLoad, ProfileLoaded, ProfileSaved, ProfileValues } from '../../machines/profile/profile-form.machine.ts';
import { call } from './client.ts';

/*
 * The shapes the profile forms' calls share, so each page's actors (./profile.ts, ./school-staff.ts,
 * ./teacher-profile.ts, ./parent-profile.ts) name only its own declarations and what differs.
 */

type Send<D extends CallDeclaration> = (declaration: D, input: unknown, options: { signal: AbortSignal }) => Promise<ResponseOf<D>>;

/** `loadProfile` from a read that answers the form's saved values beside what the page shows. */
export function readProfileForm<D extends CallDeclaration>(declaration: D) {
  const send = call as Send<D>;
  return fromPromise<ProfileLoaded, ProfileFormLoad>(async ({ signal }) => {
    const details = (await send(declaration, undefined, { signal })) as ProfileDetails;
    return { values: details.values as ProfileValues, details };
  });
}

/** `checkProfile` from a check whose request names the form beside its values (`profile.check`). */
export function checkProfileForm<D extends CallDeclaration>(declaration: D) {
  const send = call as Send<D>;
  return fromPromise<FieldIssue[], ProfileFormCall>(async ({ input, signal }) => ((await send(declaration, input, { signal })) as { fields: FieldIssue[] }).fields);
}

/** `checkProfile` from a check whose request is the form's values alone. */
export function checkProfileValues<D extends CallDeclaration>(declaration: D) {
  const send = call as Send<D>;
  return fromPromise<FieldIssue[], ProfileFormCall>(async ({ input, signal }) => ((await send(declaration, input.values, { signal })) as { fields: FieldIssue[] }).fields);
}

/** `saveProfile` from a save that answers the values now in force (no subscriptions to confirm). */
export function saveProfileValues<D extends CallDeclaration>(declaration: D) {
  const send = call as Send<D>;
  return fromPromise<ProfileSaved, ProfileFormCall>(async ({ input, signal }) => ({
    values: ((await send(declaration, input.values, { signal })) as { values: ProfileValues }).values,
    confirmation: null,
  }));
}
