import { PasskeysView } from '../../src/features/passkeys/passkeys-view.tsx';
import { passkeysView } from './models/passkeys.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(passkeysView, PasskeysView);
