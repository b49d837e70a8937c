import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../../../features/change-password/change-password-page.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. */
export const Route = createFileRoute('/{-$lang}/profile/password')({
  component: ChangePasswordPage,
});
