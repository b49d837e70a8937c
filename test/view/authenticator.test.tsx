import { AuthenticatorView } from '../../src/features/authenticator/authenticator-view.tsx';
import { authenticatorView } from './models/authenticator.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(authenticatorView, AuthenticatorView);
