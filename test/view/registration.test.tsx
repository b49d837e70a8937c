import { RegistrationView } from '../../src/features/registration/registration-view.tsx';
import { registrationView } from './models/registration.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(registrationView, RegistrationView);
