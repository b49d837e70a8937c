import { MyDataView } from '../../src/features/my-data/my-data-view.tsx';
import { myDataView } from './models/my-data.view.ts';
import { viewPathTests } from './support/view-paths.tsx';

viewPathTests(myDataView, MyDataView);
