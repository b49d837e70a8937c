import { SecurityView } from '../../src/features/security/security-view.tsx';
import { securitySessionsView } from './models/security-sessions.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(securitySessionsView, SecurityView);
