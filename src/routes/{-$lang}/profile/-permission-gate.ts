import { redirect } from '@tanstack/react-router';
import type { AccountCategory, Permission } from '../../../../contract/constants.ts';
import { settledSession } from '../../../shell/session-gate.ts';
import type { SessionActor } from '../../../shell/app-actors.ts';

/**
 * Sends a signed-in user without `permission` (or, when given, of another account category) to
 * the 403 page (SPEC §2 gates). The server refuses the calls as well; this only spares the user a
 * form that cannot load.
 */
export async function requirePermission(
  session: SessionActor,
  lang: string | undefined,
  permission: Permission,
  categories?: readonly AccountCategory[],
): Promise<void> {
  const snapshot = await settledSession(session);
  const user = snapshot.matches('signedIn') ? snapshot.context.user : null;
  if (!user) return;
  if (!user.permissions.includes(permission) || (categories && !categories.includes(user.category))) {
    throw redirect({ to: '/{-$lang}/403', params: { lang }, replace: true });
  }
}
