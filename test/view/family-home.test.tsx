import { FamilyHomeView } from '../../src/features/family/family-home-view.tsx';
import { familyHomeView } from './models/family-home.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(familyHomeView, FamilyHomeView);
