import { AccountClosureView } from '../../src/features/account-closure/account-closure-view.tsx';
import { accountClosureView } from './models/account-closure.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(accountClosureView, AccountClosureView);
