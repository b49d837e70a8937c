import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FamilyDetails, FamilyMember } from '../../../contract/schemas/family.ts';
import type { familyDetailsMachine, FamilyDetailsEvent } from '../../../machines/family/family-details.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { stateRefusal } from '../../i18n/refusal-messages.ts';

/* What the details view reads from its machine's snapshot: the screen, the activity, the dialog. */

export type DetailsActor = ActorRefFrom<typeof familyDetailsMachine>;
export type DetailsSnapshot = SnapshotFrom<typeof familyDetailsMachine>;
export type Send = (event: FamilyDetailsEvent) => void;

export const CONFIRMATIONS = [
  'accept',
  'decline',
  'acceptAndGrantAdmin',
  'kick',
  'grantAdmin',
  'removeAdmin',
  'rename',
  'updateSelf',
  'regenerateCode',
  'invite',
  'copyLink',
  'shareWhatsApp',
  'dismiss',
  'leave',
] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

/** A refusal is shown in a message dialog by the code its state declares (`refusedAs`). */
export type DialogShown = { kind: 'confirm'; action: Confirmation } | { kind: 'refusal'; code: ShownErrorCode } | { kind: 'codeExpired' } | { kind: 'failed' } | null;

export function dialogOf(snapshot: DetailsSnapshot): DialogShown {
  for (const action of CONFIRMATIONS) {
    if (snapshot.matches({ ready: { confirming: action } })) return { kind: 'confirm', action };
  }
  if (snapshot.matches({ ready: 'codeExpired' })) return { kind: 'codeExpired' };
  if (snapshot.matches({ ready: 'failed' })) return { kind: 'failed' };
  const refusal = stateRefusal(snapshot);
  return refusal ? { kind: 'refusal', code: refusal } : null;
}

export function sameDialog(a: DialogShown, b: DialogShown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export type Screen = 'loading' | 'loadFailed' | 'ready' | 'dismissedNotice' | 'ended';

export function screenOf(snapshot: DetailsSnapshot): Screen {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('dismissedNotice')) return 'dismissedNotice';
  return 'ended';
}

export type Activity = 'idle' | 'submitting' | 'refreshing' | 'copied' | 'shared' | 'invited' | 'invalid' | 'unchanged';

export function activityOf(snapshot: DetailsSnapshot): Activity {
  if (snapshot.matches({ ready: 'submitting' })) return 'submitting';
  if (snapshot.matches({ ready: 'refreshing' })) return 'refreshing';
  if (snapshot.matches({ ready: { open: 'copied' } })) return 'copied';
  if (snapshot.matches({ ready: { open: 'shared' } })) return 'shared';
  if (snapshot.matches({ ready: { open: 'invited' } })) return 'invited';
  if (snapshot.matches({ ready: { open: 'invalid' } })) return 'invalid';
  if (snapshot.matches({ ready: { open: 'unchanged' } })) return 'unchanged';
  return 'idle';
}

export function activeMembers(family: FamilyDetails): FamilyMember[] {
  return family.members.filter((member) => member.status === 'active');
}
