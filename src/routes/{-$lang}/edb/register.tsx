import { createFileRoute } from '@tanstack/react-router';
import { StaffRegistrationPage } from '../../../features/staff-registration/staff-registration-page.tsx';

export const Route = createFileRoute('/{-$lang}/edb/register')({
  component: StaffRegistrationPage,
});
