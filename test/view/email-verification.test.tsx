import { EmailVerificationView } from '../../src/features/email-verification/email-verification-view.tsx';
import { emailVerificationView } from './models/email-verification.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(emailVerificationView, EmailVerificationView);
