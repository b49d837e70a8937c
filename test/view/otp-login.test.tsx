import { OtpLoginView } from '../../src/features/otp-login/otp-login-view.tsx';
import { otpLoginView } from './models/otp-login.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(otpLoginView, OtpLoginView);
