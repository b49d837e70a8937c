import { LoginView } from '../../src/features/login/login-view.tsx';
import { passwordLoginView } from './models/password-login.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(passwordLoginView, LoginView);

// The same paths in Traditional Chinese: the evidence's English source texts resolve to the zh_hant messages.
viewPathTests(passwordLoginView, LoginView, { lang: 'zh_hant' });
