import { useAppActors } from '../../shell/app-context.tsx';
import { ProfileSummaryView } from './profile-summary-view.tsx';

/** The basic profile page, driven by the app's session actor. */
export function ProfileSummaryPage() {
  const { session } = useAppActors();
  return <ProfileSummaryView actor={session} />;
}
