import { MobileVerificationView } from '../../src/features/mobile-verification/mobile-verification-view.tsx';
import { mobileVerificationView } from './models/mobile-verification.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(mobileVerificationView, MobileVerificationView);
