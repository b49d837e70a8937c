import { createFileRoute } from '@tanstack/react-router';
import { OtpLoginPage } from '../../features/otp-login/otp-login-page.tsx';

export const Route = createFileRoute('/{-$lang}/otp-login')({
  component: OtpLoginPage,
});
