import { createFileRoute } from '@tanstack/react-router';
import { MyDataPage } from '../../../features/my-data/my-data-page.tsx';

/** Signed in only: the parent /profile route sends visitors to the login page first. */
export const Route = createFileRoute('/{-$lang}/profile/my-data')({
  component: MyDataPage,
});
