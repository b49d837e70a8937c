import { StaffRegistrationView } from '../../src/features/staff-registration/staff-registration-view.tsx';
import { staffRegistrationView } from './models/staff-registration.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(staffRegistrationView, StaffRegistrationView);
