import { LoginQrCodeView } from '../../src/features/login-qr/login-qr-code-view.tsx';
import { loginQrCodeView } from './models/login-qr-code.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(loginQrCodeView, LoginQrCodeView);
