import { ForgotPasswordView } from '../../src/features/forgot-password/forgot-password-view.tsx';
import { forgotPasswordView } from './models/forgot-password.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(forgotPasswordView, ForgotPasswordView);
