import { StudentMemberUpgradeView } from '../../src/features/upgrade/student-member-upgrade-view.tsx';
import { studentMemberUpgradeView } from './models/student-member-upgrade.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(studentMemberUpgradeView, StudentMemberUpgradeView);
