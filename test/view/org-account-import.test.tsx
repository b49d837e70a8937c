import { OrgAccountImportView } from '../../src/features/org-account/org-account-view.tsx';
import { orgAccountImportView } from './models/org-account-import.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(orgAccountImportView, OrgAccountImportView);
