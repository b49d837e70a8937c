import { ResetPasswordView } from '../../src/features/reset-password/reset-password-view.tsx';
import { resetPasswordView } from './models/reset-password.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(resetPasswordView, ResetPasswordView);
