import { createFileRoute } from '@tanstack/react-router';
import { SsoStartPage } from '../../../../features/third-party/sso-start-page.tsx';

export const Route = createFileRoute('/{-$lang}/users/sso/google')({
  validateSearch: (search: Record<string, unknown>): { purpose?: 'link' } => (search.purpose === 'link' ? { purpose: 'link' } : {}),
  component: function SsoStart() {
    const { purpose } = Route.useSearch();
    return <SsoStartPage purpose={purpose ?? 'signIn'} />;
  },
});
