import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrgAccountPage } from '../../features/org-account/org-account-page.tsx';
import { settledSession } from '../../shell/session-gate.ts';
import { requirePermission } from './profile/-permission-gate.ts';

/** SPEC §2: signed in with organisation account read permission, else the 403 page; the write check is the server's, on every change. */
export const Route = createFileRoute('/{-$lang}/org_account')({
  beforeLoad: async ({ context, params, location }) => {
    const session = await settledSession(context.session);
    if (!session.matches('signedIn')) {
      throw redirect({ to: '/{-$lang}/login', params: { lang: params.lang }, search: { redirect: location.href }, replace: true });
    }
    await requirePermission(context.session, params.lang, 'org_account.read');
  },
  component: OrgAccountPage,
});
