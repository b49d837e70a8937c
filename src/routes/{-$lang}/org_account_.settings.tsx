import { createFileRoute, redirect } from '@tanstack/react-router';
import { SchoolSettingsPage } from '../../features/org-account/school-settings-page.tsx';
import { settledSession } from '../../shell/session-gate.ts';
import { requirePermission } from './profile/-permission-gate.ts';

/**
 * The school settings (teacher email domains, school email, QR-code login): read with the
 * organisation account read permission, else the 403 page; the server checks write permission on
 * the save. A page of its own beside /org_account, as /org_account/sso-export is.
 */
export const Route = createFileRoute('/{-$lang}/org_account_/settings')({
  beforeLoad: async ({ context, params, location }) => {
    const session = await settledSession(context.session);
    if (!session.matches('signedIn')) {
      throw redirect({ to: '/{-$lang}/login', params: { lang: params.lang }, search: { redirect: location.href }, replace: true });
    }
    await requirePermission(context.session, params.lang, 'org_account.read');
  },
  component: SchoolSettingsPage,
});
