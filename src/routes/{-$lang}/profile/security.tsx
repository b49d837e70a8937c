import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../../features/security/security-page.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. */
export const Route = createFileRoute('/{-$lang}/profile/security')({
  component: SecurityPage,
});
