import { createFileRoute, redirect } from '@tanstack/react-router';
import { SsoExportPage } from '../../features/sso-export/sso-export-page.tsx';
import { settledSession } from '../../shell/session-gate.ts';
import { requirePermission } from './profile/-permission-gate.ts';

/**
 * Signed in with the organisation account read permission (school administrators), else the 403
 * page; the server checks the same permission on the download. Not nested in /org_account, so the
 * school email list's page need not render an outlet for it.
 */
export const Route = createFileRoute('/{-$lang}/org_account_/sso-export')({
  beforeLoad: async ({ context, params, location }) => {
    const session = await settledSession(context.session);
    if (!session.matches('signedIn')) {
      throw redirect({ to: '/{-$lang}/login', params: { lang: params.lang }, search: { redirect: location.href }, replace: true });
    }
    await requirePermission(context.session, params.lang, 'org_account.read');
  },
  component: SsoExportPage,
});
