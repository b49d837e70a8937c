import { isMachineName, machineModels } from '../machines/index.ts';
import { describePath, modelPaths } from '../test/support/graph.ts';
import { describeViewPath } from '../test/view/support/describe.ts';
import { viewPaths } from '../test/view/support/view-coverage.ts';
import { viewModels } from '../test/view/models/index.ts';

/**
 * `npm run paths -- <machine>`: the generated paths of one machine as steps a tester can follow
 * by hand. With a view model (test/view/models/), the view paths in gestures and what to see;
 * without one, the model paths in events (`--events` asks for those either way).
 */
const name = process.argv[2];
if (!name || !isMachineName(name)) {
  console.error(`usage: npm run paths -- <machine> [--events]\nmachines: ${Object.keys(machineModels).join(', ')}`);
  process.exit(2);
}
const viewModel = process.argv.includes('--events') ? undefined : viewModels[name];
if (viewModel) {
  const paths = viewPaths(viewModel.model);
  console.log(`${name}: ${paths.length} view paths (each replayed on the real view by test/view/)\n`);
  paths.forEach((path, index) => {
    console.log(`Path ${index + 1} of ${paths.length}`);
    console.log(`${describeViewPath(viewModel, path)}\n`);
  });
} else {
  const paths = modelPaths(machineModels[name]);
  console.log(`${name}: ${paths.length} paths\n`);
  paths.forEach((path, index) => {
    console.log(`Path ${index + 1} of ${paths.length}`);
    console.log(`${describePath(path)}\n`);
  });
}
