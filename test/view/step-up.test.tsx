import { StepUpDialog } from '../../src/features/step-up/step-up-dialog.tsx';
import { stepUpView } from './models/step-up.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(stepUpView, StepUpDialog);
