import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { getStateNodes } from '@xstate/graph';
import { machineModels } from '../machines/index.ts';
import { apiActors } from '../test/support/api-actors.ts';
import { coverage, modelPaths } from '../test/support/graph.ts';
import { describeCode, refusalCoverage } from '../test/support/refusal-coverage.ts';
import { viewModels } from '../test/view/models/index.ts';
import { viewCoverage, viewPaths } from '../test/view/support/view-coverage.ts';

const HELP = `usage: npm run coverage:machines [-- --codes] [--journeys] [--report <vitest JSON report>]

Per machine: its generated model paths, the states and transitions they cover, its view paths and
the states they assert on the rendered view, the refusal codes its calls declare that a generated
path sends (reached) or that take the same route as a reached one, and the time its generated
suites took in the Vitest JSON report (npm test writes .tmp/vitest-report.json), and the states
the Playwright journeys reached on the real server (recorded in .tmp/journey-states/ by the last
journey run).

  --codes           list every declared code that no generated path sends, with the reason
  --journeys        list, per machine, the states no real-server journey reached
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

/** Machine id → state node paths the journeys reached, merged over the last run's files; null without a run. */
function journeyStates(dir: string): Map<string, Set<string>> | null {
  if (!existsSync(dir)) return null;
  const reached = new Map<string, Set<string>>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const recorded = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as Record<string, string[]>;
    for (const [machine, states] of Object.entries(recorded)) reached.set(machine, new Set([...(reached.get(machine) ?? []), ...states]));
  }
  return reached;
}
const journeys = journeyStates('.tmp/journey-states');
function journeyCoverage(model: (typeof machineModels)[keyof typeof machineModels]) {
  if (!journeys) return null;
  const paths = getStateNodes(model.machine.root).map((node) => node.path.join('.'));
  const seen = journeys.get(model.name) ?? new Set<string>();
  return { reached: paths.filter((path) => seen.has(path)).length, total: paths.length, missed: paths.filter((path) => !seen.has(path)) };
}

const objects = apiActors();
const rows = Object.entries(machineModels).map(([name, model]) => {
  const paths = modelPaths(model);
  const viewModel = viewModels[name as keyof typeof viewModels];
  const view = viewModel ? { ...viewCoverage(viewModel), paths: viewPaths(model).length } : null;
  return { ...coverage(model, paths), paths: paths.length, view, codes: refusalCoverage(model, paths, objects), time: timeOf(name), journeys: journeyCoverage(model) };
});

const table = [
  ['machine', 'paths', 'states', 'transitions', '%', 'view paths', 'states asserted in view', 'codes reached + same route', 'states in journeys', 'suites (model + view)'],
  ...rows.map((row) => [
    row.machine,
    String(row.paths),
    `${row.states.covered}/${row.states.total}`,
    `${row.transitions.covered}/${row.transitions.total}`,
    row.percent.toFixed(1),
    row.view ? String(row.view.paths) : '—',
    row.view ? `${row.view.asserted}/${row.view.total}` : '—',
    row.codes.total === 0 ? '—' : `${row.codes.reached} + ${row.codes.sameRoute}/${row.codes.total}`,
    row.journeys ? `${row.journeys.reached}/${row.journeys.total}` : 'not run',
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
if (journeys) {
  const reached = rows.reduce((sum, row) => sum + (row.journeys?.reached ?? 0), 0);
  const all = rows.reduce((sum, row) => sum + (row.journeys?.total ?? 0), 0);
  const files = readdirSync('.tmp/journey-states').map((name) => statSync(`.tmp/journey-states/${name}`).mtime.getTime());
  const when = files.length > 0 ? new Date(Math.max(...files)).toISOString().replace(/\.\d+Z$/, 'Z') : 'never';
  console.log(
    `States the real-server journeys reached: ${reached} of ${all} (${((100 * reached) / Math.max(all, 1)).toFixed(0)} %), in the journey run that ended ${when}${process.argv.includes('--journeys') ? '' : '; the rest listed with --journeys'}.`,
  );
  if (process.argv.includes('--journeys')) {
    for (const row of rows.filter((one) => (one.journeys?.missed.length ?? 0) > 0)) console.log(`  ${row.machine}: ${row.journeys!.missed.join(', ')}`);
  }
} else console.log('States in journeys: not run (no .tmp/journey-states/; a Playwright journey run writes it).');
if (!times) console.log(`Suite times: not measured (no ${REPORT}; npm test writes it, or add --reporter=json --outputFile.json=${REPORT} to a vitest run).`);
const withView = rows.filter((row) => row.view);
const asserted = withView.reduce((sum, row) => sum + (row.view?.asserted ?? 0), 0);
const total = rows.reduce((sum, row) => sum + row.states.total, 0);
console.log(`\nStates asserted in the view: ${asserted} of ${total} (${withView.length} of ${rows.length} machines have a view model).`);
process.exitCode = short.length > 0 || unseen.length > 0 ? 1 : 0;
