import { AssociationView } from '../../src/features/association/association-view.tsx';
import { associationView } from './models/association.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(associationView, AssociationView);
