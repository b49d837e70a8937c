import { SchoolSettingsView } from '../../src/features/org-account/school-settings-view.tsx';
import { schoolSettingsView } from './models/school-settings.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(schoolSettingsView, SchoolSettingsView);
