import { SsoExportView } from '../../src/features/sso-export/sso-export-view.tsx';
import { ssoExportView } from './models/sso-export.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(ssoExportView, SsoExportView);
