import { FamilyJoinView } from '../../src/features/family/family-join-view.tsx';
import { familyJoinView } from './models/family-join.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(familyJoinView, FamilyJoinView);
