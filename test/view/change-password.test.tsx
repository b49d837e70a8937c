import { ChangePasswordView } from '../../src/features/change-password/change-password-view.tsx';
import { changePasswordView } from './models/change-password.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(changePasswordView, ChangePasswordView);
