import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '../../../features/registration/registration-page.tsx';

export const Route = createFileRoute('/{-$lang}/users/register')({
  component: RegistrationPage,
});
