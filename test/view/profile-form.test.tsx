import { BasicProfileView } from '../../src/features/profile/basic/basic-profile-view.tsx';
import { profileFormView } from './models/profile-form.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(profileFormView, BasicProfileView);
