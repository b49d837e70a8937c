import { MfaCodeView } from '../../src/features/mfa-login/mfa-code-view.tsx';
import { mfaCodeView } from './models/mfa-code.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(mfaCodeView, MfaCodeView);
