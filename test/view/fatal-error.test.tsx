import { FatalErrorView } from '../../src/shell/fatal-error-view.tsx';
import { fatalErrorView } from './models/fatal-error.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(fatalErrorView, FatalErrorView);
