import { FamilyDetailsView } from '../../src/features/family/family-details-view.tsx';
import { familyDetailsView } from './models/family-details.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(familyDetailsView, FamilyDetailsView);
