import { ThirdPartyLinkView } from '../../src/features/third-party/third-party-link-view.tsx';
import { thirdPartyLinkView } from './models/third-party-link.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(thirdPartyLinkView, ThirdPartyLinkView);
