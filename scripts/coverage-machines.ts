import { machineModels } from '../machines/index.ts';
import { coverage, modelPaths } from '../test/support/graph.ts';

/** `npm run coverage:machines`: the per-machine table; exits 1 when any machine is under 100%. */
const rows = Object.values(machineModels).map((model) => {
  const paths = modelPaths(model);
  return { ...coverage(model, paths), paths: paths.length };
});

const table = [
  ['machine', 'paths', 'states', 'transitions', '%'],
  ...rows.map((row) => [
    row.machine,
    String(row.paths),
    `${row.states.covered}/${row.states.total}`,
    `${row.transitions.covered}/${row.transitions.total}`,
    row.percent.toFixed(1),
  ]),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
console.log(line(table[0]!));
console.log(`|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
for (const row of table.slice(1)) console.log(line(row));

const short = rows.filter((row) => row.percent < 100);
for (const row of short) {
  console.log(`\n${row.machine} misses:`);
  for (const state of row.missedStates) console.log(`  state ${state}`);
  for (const transition of row.missedTransitions) console.log(`  transition ${transition}`);
}
process.exitCode = short.length > 0 ? 1 : 0;
