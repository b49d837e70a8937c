import { createFileRoute } from '@tanstack/react-router';
import { QrLoginPage } from '../../features/login-qr/qr-login-page.tsx';

export const Route = createFileRoute('/{-$lang}/qr-login')({
  component: QrLoginPage,
});
