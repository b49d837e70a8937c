import { createFileRoute } from '@tanstack/react-router';
import { AssociationPage } from '../../../features/association/association-page.tsx';

/**
 * Signed in only: the parent /profile route sends visitors to the login page first. Accounts that
 * are not full members are told why on the page (the server answers `non_full_member`).
 */
export const Route = createFileRoute('/{-$lang}/profile/association')({
  component: AssociationPage,
});
