import { FamilyCreateView } from '../../src/features/family/family-create-view.tsx';
import { familyCreateView } from './models/family-create.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(familyCreateView, FamilyCreateView);
