import { OrgAccountListView } from '../../src/features/org-account/org-account-view.tsx';
import { orgAccountListView } from './models/org-account-list.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(orgAccountListView, OrgAccountListView);
