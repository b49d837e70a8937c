import { createFileRoute } from '@tanstack/react-router';
import { LoginQrCodePage } from '../../../features/login-qr/login-qr-code-page.tsx';

/**
 * Signed in only: the parent /profile route sends visitors to the login page first. Accounts
 * without the login QR code permission are told why on the page (the server answers `forbidden`).
 */
export const Route = createFileRoute('/{-$lang}/profile/regen-qrcode')({
  component: LoginQrCodePage,
});
