import { createFileRoute } from '@tanstack/react-router';
import { AccountClosureNotice } from '../../../features/account-closure/account-closure-notice-page.tsx';
import { UpgradeReminder } from '../../../features/upgrade/upgrade-reminder-page.tsx';
import { BasicProfilePending, BasicProfileRouteView } from '../../../features/profile/basic/basic-profile-route-view.tsx';

/**
 * Signed in only: the parent /profile route sends visitors to the login page first. Personal
 * details, where signing in lands: an account in its closure grace period sees the erasure date
 * and Cancel closure above them (docs/decisions/account-closure-page.md); an upgrade left half-way,
 * "Continue your upgrade" (docs/decisions/wizard.md).
 */
export const Route = createFileRoute('/{-$lang}/profile/')({
  component: () => (
    <>
      <AccountClosureNotice />
      <UpgradeReminder />
      <BasicProfileRouteView section="personal" />
    </>
  ),
  pendingComponent: () => <BasicProfilePending section="personal" />,
});
