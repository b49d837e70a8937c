import { ProfileSummaryView } from '../../src/features/profile/profile-summary-view.tsx';
import { sessionView } from './models/session.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(sessionView, ProfileSummaryView);
