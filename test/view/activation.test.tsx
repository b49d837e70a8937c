import { ActivationView } from '../../src/features/activation/activation-view.tsx';
import { activationView } from './models/activation.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(activationView, ActivationView);
