import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../../features/legal/legal-page.tsx';

/** Linked from the footer of every page (issue 13). */
export const Route = createFileRoute('/{-$lang}/help')({
  component: () => <LegalPage page="help" />,
});
