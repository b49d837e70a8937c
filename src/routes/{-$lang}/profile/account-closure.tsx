import { createFileRoute } from '@tanstack/react-router';
import { AccountClosurePage } from '../../../features/account-closure/account-closure-page.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. Close my account (issue 23). */
export const Route = createFileRoute('/{-$lang}/profile/account-closure')({
  component: AccountClosurePage,
});
