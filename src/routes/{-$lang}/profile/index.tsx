import { createFileRoute } from '@tanstack/react-router';
import { ProfileSummaryPage } from '../../../features/profile/profile-summary-page.tsx';

export const Route = createFileRoute('/{-$lang}/profile/')({
  component: ProfileSummaryPage,
});
