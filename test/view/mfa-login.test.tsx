import { MfaLoginView } from '../../src/features/mfa-login/mfa-login-view.tsx';
import { mfaLoginView } from './models/mfa-login.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(mfaLoginView, MfaLoginView);

// The same paths in Traditional Chinese: the evidence's English source texts resolve to the zh_hant messages.
viewPathTests(mfaLoginView, MfaLoginView, { lang: 'zh_hant' });
