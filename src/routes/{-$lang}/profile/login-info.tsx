import { createFileRoute } from '@tanstack/react-router';
import { LoginInfoPage } from '../../../features/third-party/login-info-page.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. */
export const Route = createFileRoute('/{-$lang}/profile/login-info')({
  component: LoginInfoPage,
});
