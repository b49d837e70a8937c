import { PasskeySignInView } from '../../src/features/login/passkey-sign-in-view.tsx';
import { passkeySignInView } from './models/passkey-sign-in.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(passkeySignInView, PasskeySignInView);
