import { UpgradeReminderView } from '../../src/features/upgrade/upgrade-reminder-view.tsx';
import { upgradeReminderView } from './models/upgrade-reminder.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(upgradeReminderView, UpgradeReminderView);
