import { existsSync, readFileSync } from 'node:fs';
import { machineModels } from '../machines/index.ts';
import { apiActors } from '../test/support/api-actors.ts';
import { coverage, modelPaths } from '../test/support/graph.ts';
import { describeCode, refusalCoverage } from '../test/support/refusal-coverage.ts';
import { viewModels } from '../test/view/models/index.ts';
import { viewCoverage, viewPaths } from '../test/view/support/view-coverage.ts';

const HELP = `usage: npm run coverage:machines [-- --codes] [--report <vitest JSON report>]

Per machine: its generated model paths, the states and transitions they cover, its view paths and
the states they assert on the rendered view, the refusal codes its calls declare that a generated
path sends (reached) or that take the same route as a reached one, and the time its generated
suites took in the Vitest JSON report (npm test writes .tmp/vitest-report.json).

  --codes           list every declared code that no generated path sends, with the reason
  --report <file>   read the suites' times from this Vitest JSON report
Guide: docs/testers.md`;

/**
 * `npm run coverage:machines`: the per-machine table; exits 1 when any machine is under 100%, or
 * a machine with a view model has a state its view paths assert no evidence for. "states asserted
 * in view" is computed from the view model (test/view/models/) crossed with the states its view
 * paths visit, the same figure test/view/ enforces; "—" is a machine without a view model yet.
 * "codes" counts the refusal codes its calls declare (test/support/refusal-coverage.ts): reached
 * by a generated path, plus those the machine handles by the same transitions as a reached one.
 */
if (process.argv.includes('--help')) {
  console.log(HELP);
  process.exit(0);
}
const reportAt = process.argv.indexOf('--report');
const REPORT = reportAt >= 0 ? process.argv[reportAt + 1]! : '.tmp/vitest-report.json';

interface VitestReport {
  testResults?: Array<{ assertionResults?: Array<{ ancestorTitles?: string[]; duration?: number | null }> }>;
}
/** Milliseconds per describe title of the report, or null when there is no report to read. */
function suiteTimes(file: string): Map<string, number> | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  const times = new Map<string, number>();
  for (const result of report.testResults ?? []) {
    for (const assertion of result.assertionResults ?? []) {
      const title = assertion.ancestorTitles?.[0];
      if (title) times.set(title, (times.get(title) ?? 0) + (assertion.duration ?? 0));
    }
  }
  return times;
}
const times = suiteTimes(REPORT);
/** The machine's generated suites: `<name>: generated paths` (test/support/model-suite.ts) and `<name> view paths (<lang>)` (test/view/support/view-paths.tsx). */
function timeOf(machine: string): string {
  if (!times) return 'not measured';
  const model = times.get(`${machine}: generated paths`);
  const view = [...times].filter(([title]) => title.startsWith(`${machine} view paths (`)).reduce<number | undefined>((sum, [, ms]) => (sum ?? 0) + ms, undefined);
  const seconds = (ms: number | undefined) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);
  return model === undefined && view === undefined ? 'not in report' : `${seconds(model)} + ${seconds(view)}`;
}

const objects = apiActors();
const rows = Object.entries(machineModels).map(([name, model]) => {
  const paths = modelPaths(model);
  const viewModel = viewModels[name as keyof typeof viewModels];
  const view = viewModel ? { ...viewCoverage(viewModel), paths: viewPaths(model).length } : null;
  return { ...coverage(model, paths), paths: paths.length, view, codes: refusalCoverage(model, paths, objects), time: timeOf(name) };
});

const table = [
  ['machine', 'paths', 'states', 'transitions', '%', 'view paths', 'states asserted in view', 'codes reached + same route', 'suites (model + view)'],
  ...rows.map((row) => [
    row.machine,
    String(row.paths),
    `${row.states.covered}/${row.states.total}`,
    `${row.transitions.covered}/${row.transitions.total}`,
    row.percent.toFixed(1),
    row.view ? String(row.view.paths) : '—',
    row.view ? `${row.view.asserted}/${row.view.total}` : '—',
    row.codes.total === 0 ? '—' : `${row.codes.reached} + ${row.codes.sameRoute}/${row.codes.total}`,
    row.time,
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
const listAll = process.argv.includes('--codes');
for (const row of rows) {
  const listed = row.codes.codes.filter((entry) => entry.status.kind !== 'reached' && (listAll || entry.status.kind !== 'same route'));
  if (listed.length === 0) continue;
  console.log(`\n${row.machine}: declared refusal codes no generated path sends:`);
  for (const entry of listed) console.log(`  ${describeCode(entry)}`);
}
const codeTotals = rows.reduce((sum, row) => ({ reached: sum.reached + row.codes.reached, same: sum.same + row.codes.sameRoute, total: sum.total + row.codes.total }), { reached: 0, same: 0, total: 0 });
console.log(
  `\nRefusal codes the calls declare: ${codeTotals.total}; sent by a generated path: ${codeTotals.reached}; handled by the same transitions as one that is: ${codeTotals.same}${listAll ? '' : ' (listed with --codes)'}.`,
);
if (!times) console.log(`Suite times: not measured (no ${REPORT}; npm test writes it, or add --reporter=json --outputFile.json=${REPORT} to a vitest run).`);
const withView = rows.filter((row) => row.view);
const asserted = withView.reduce((sum, row) => sum + (row.view?.asserted ?? 0), 0);
const total = rows.reduce((sum, row) => sum + row.states.total, 0);
console.log(`\nStates asserted in the view: ${asserted} of ${total} (${withView.length} of ${rows.length} machines have a view model).`);
process.exitCode = short.length > 0 || unseen.length > 0 ? 1 : 0;
