import { machineModels } from '../machines/index.ts';
import { coverage, modelPaths } from '../test/support/graph.ts';
import { viewModels } from '../test/view/models/index.ts';
import { viewCoverage, viewPaths } from '../test/view/support/view-coverage.ts';

/**
 * `npm run coverage:machines`: the per-machine table; exits 1 when any machine is under 100%, or
 * a machine with a view model has a state its view paths assert no evidence for. "states asserted
 * in view" is computed from the view model (test/view/models/) crossed with the states its view
 * paths visit, the same figure test/view/ enforces; "—" is a machine without a view model yet.
 */
const rows = Object.entries(machineModels).map(([name, model]) => {
  const paths = modelPaths(model);
  const viewModel = viewModels[name as keyof typeof viewModels];
  const view = viewModel ? { ...viewCoverage(viewModel), paths: viewPaths(model).length } : null;
  return { ...coverage(model, paths), paths: paths.length, view };
});

const table = [
  ['machine', 'paths', 'states', 'transitions', '%', 'view paths', 'states asserted in view'],
  ...rows.map((row) => [
    row.machine,
    String(row.paths),
    `${row.states.covered}/${row.states.total}`,
    `${row.transitions.covered}/${row.transitions.total}`,
    row.percent.toFixed(1),
    row.view ? String(row.view.paths) : '—',
    row.view ? `${row.view.asserted}/${row.view.total}` : '—',
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
const unseen = rows.filter((row) => row.view && (row.view.unasserted.length > 0 || row.view.unknown.length > 0));
for (const row of unseen) {
  console.log(`\n${row.machine}: the view paths assert no evidence for:`);
  for (const state of row.view?.unasserted ?? []) console.log(`  state ${state}`);
  for (const state of row.view?.unknown ?? []) console.log(`  evidence for ${state}, which is no state of the machine`);
}
const withView = rows.filter((row) => row.view);
const asserted = withView.reduce((sum, row) => sum + (row.view?.asserted ?? 0), 0);
const total = rows.reduce((sum, row) => sum + row.states.total, 0);
console.log(`\nStates asserted in the view: ${asserted} of ${total} (${withView.length} of ${rows.length} machines have a view model).`);
process.exitCode = short.length > 0 || unseen.length > 0 ? 1 : 0;
