import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/forgot-password/forgot-password-page.tsx';

export const Route = createFileRoute('/{-$lang}/forget-password')({
  component: ForgotPasswordPage,
});
