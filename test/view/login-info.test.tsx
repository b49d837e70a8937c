import { LoginInfoFlowView } from '../../src/features/third-party/flow-views.tsx';
import { loginInfoView } from './models/login-info.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(loginInfoView, LoginInfoFlowView);
