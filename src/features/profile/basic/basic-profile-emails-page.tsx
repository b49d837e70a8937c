import { LazyEmailChangePanel } from '../../email-change/index.ts';
import { BasicProfilePage } from './basic-profile-page.tsx';
import type { EmailPanelRenderer } from './basic-profile-view.tsx';

/** A confirmed change is already in force: the panel says so; the page's copy is read again on the next visit. */
const emailPanel: EmailPanelRenderer = ({ kind, currentEmail, pendingEmail }) => (
  <LazyEmailChangePanel kind={kind} currentEmail={currentEmail} pendingEmail={pendingEmail} />
);

/** `/profile/emails`: the basic profile's emails section, with each email's change panel. */
export function BasicProfileEmailsPage() {
  return <BasicProfilePage section="emails" emailPanel={emailPanel} />;
}
