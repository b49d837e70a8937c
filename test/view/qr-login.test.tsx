import { QrLoginView } from '../../src/features/login-qr/qr-login-view.tsx';
import { qrLoginView } from './models/qr-login.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(qrLoginView, QrLoginView);
