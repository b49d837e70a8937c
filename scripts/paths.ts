import { isMachineName, machineModels } from '../machines/index.ts';
import { describePath, modelPaths } from '../test/support/graph.ts';

/** `npm run paths -- <machine>`: the generated paths of one machine in words, for testers. */
const name = process.argv[2];
if (!name || !isMachineName(name)) {
  console.error(`usage: npm run paths -- <machine>\nmachines: ${Object.keys(machineModels).join(', ')}`);
  process.exit(2);
}
const paths = modelPaths(machineModels[name]);
console.log(`${name}: ${paths.length} paths\n`);
paths.forEach((path, index) => {
  console.log(`Path ${index + 1} of ${paths.length}`);
  console.log(`${describePath(path)}\n`);
});
