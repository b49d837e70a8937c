import { FullMemberUpgradeView } from '../../src/features/upgrade/full-member-upgrade-view.tsx';
import { fullMemberUpgradeView } from './models/full-member-upgrade.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(fullMemberUpgradeView, FullMemberUpgradeView);
