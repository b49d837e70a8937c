import { ThirdPartySignInFlowView } from '../../src/features/third-party/flow-views.tsx';
import { thirdPartySignInView } from './models/third-party-sign-in.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(thirdPartySignInView, ThirdPartySignInFlowView);
