import { EmailChangeView } from '../../src/features/email-change/email-change-view.tsx';
import { emailChangeView } from './models/email-change.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(emailChangeView, EmailChangeView);
