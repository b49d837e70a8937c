import { createFileRoute } from '@tanstack/react-router';
import { SsoCallbackPage } from '../../features/third-party/sso-callback-page.tsx';

export const Route = createFileRoute('/{-$lang}/third-party-oauth-callback')({
  component: SsoCallbackPage,
});
