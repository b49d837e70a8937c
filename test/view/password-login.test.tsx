import { LoginView } from '../../src/features/login/login-view.tsx';
import { passwordLoginView } from './models/password-login.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(passwordLoginView, LoginView);
