import { useId, useMemo, type ReactNode } from 'react';
import type { AnyStateMachine } from 'xstate';
import { layoutCharts, type Box, type Chart } from './statechart-layout.ts';

const INK = '#0b0c0c';
const LINE = '#505a5f';
const FILL: Record<Box['kind'], string> = {
  atomic: '#ffffff',
  final: '#ffffff',
  history: '#ffffff',
  compound: '#f3f2f1',
  parallel: '#f8f8f8',
};

/** Where a box leads: a state's story (by state id), or a collapsed state's own chart on the page. */
interface Links {
  stories: ReadonlyMap<string, string> | undefined;
  /** The id of the chart's arrowhead marker (one per chart: ids are unique in the document). */
  arrow: string;
}

/** The anchor of the chart drawing a state's inside. */
export const chartAnchor = (id: string) => `chart-${id.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

/**
 * A state's name, as a link where it leads somewhere: a collapsed state to its chart below, a
 * state with a story to that story (the Storybook UI's address, so the sidebar follows).
 */
function StateName({ box, links, children }: { box: Box; links: Links; children: ReactNode }) {
  if (box.collapsed) return <a href={`#${chartAnchor(box.id)}`}>{children}</a>;
  const story = links.stories?.get(box.id);
  if (story) return <a href={`./?path=/story/${story}`} target="_top">{children}</a>;
  return <>{children}</>;
}

function StateBox({ box, depth, links }: { box: Box; depth: number; links: Links }) {
  const hasChildren = box.children.length > 0;
  const initial = box.children.find((child) => child.id === box.initial);
  return (
    <g data-state={box.id} data-kind={box.kind}>
      <rect
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        rx={hasChildren ? 10 : 8}
        fill={depth === 0 ? '#ffffff' : FILL[box.kind]}
        stroke={INK}
        strokeWidth={box.collapsed ? 2.5 : depth === 0 ? 1.5 : 1}
        strokeDasharray={box.kind === 'parallel' ? '6 4' : undefined}
      />
      {box.kind === 'final' ? (
        <rect x={box.x + 4} y={box.y + 4} width={box.width - 8} height={box.height - 8} rx={5} fill="none" stroke={INK} />
      ) : null}
      <StateName box={box} links={links}>
        <text
          x={box.x + (hasChildren ? 12 : box.width / 2)}
          y={box.y + 20}
          textAnchor={hasChildren ? 'start' : 'middle'}
          fontWeight={700}
          fontSize={13}
          fill={INK}
          textDecoration={box.collapsed || links.stories?.has(box.id) ? 'underline' : undefined}
        >
          {box.collapsed ? `${box.label} ▸` : box.label}
        </text>
      </StateName>
      {box.tags.length > 0 ? (
        <text x={box.x + (hasChildren ? 12 : box.width / 2)} y={box.y + 34} textAnchor={hasChildren ? 'start' : 'middle'} fontSize={11} fill={LINE}>
          ({box.tags.join(', ')})
        </text>
      ) : null}
      {initial ? (
        <g data-initial={initial.id}>
          <circle cx={initial.x - 14} cy={initial.y + 17} r={4} fill={INK} />
          <path d={`M ${initial.x - 10} ${initial.y + 17} L ${initial.x - 1} ${initial.y + 17}`} stroke={INK} markerEnd={`url(#${links.arrow})`} />
        </g>
      ) : null}
      {box.children.map((child) => (
        <StateBox key={child.id} box={child} depth={depth + 1} links={links} />
      ))}
    </g>
  );
}

/**
 * The statechart of a machine, drawn from its own graph at render time: nested boxes for
 * states, an arrow from a dot for each initial state, labelled curves for transitions, and the
 * same transitions as a table for readers who do not use the picture. A machine too wide to read
 * in one picture is drawn as several (`layoutCharts`): the machine with its compound states
 * collapsed (bold boxes marked ▸, linking to their own chart below), then each of them. A state
 * with a story links to it (`stories`: state id → story id).
 */
export function Statechart({ machine, stories }: { machine: AnyStateMachine; stories?: ReadonlyMap<string, string> }) {
  const charts = useMemo(() => layoutCharts(machine), [machine]);
  return (
    <div style={{ fontFamily: 'system-ui, "Noto Sans CJK TC", sans-serif', color: INK }}>
      {charts.length > 1 ? (
        <p style={{ margin: '0 0 16px', maxWidth: '40rem' }}>
          {`${machine.id} is drawn in ${charts.length} charts: the whole machine with its larger states collapsed (bold, marked ▸), then the inside of each. Select a collapsed state to go to its chart, or a state to open its story.`}
        </p>
      ) : null}
      {charts.map((chart, index) => (
        <ChartFigure key={chart.of} chart={chart} links={{ stories, arrow: `statechart-arrow-${index}` }} first={index === 0} />
      ))}
    </div>
  );
}

function ChartFigure({ chart, links, first }: { chart: Chart; links: Links; first: boolean }) {
  const titleId = useId();
  const name = first ? chart.machine : shortId(chart.machine, chart.of);
  return (
    <figure id={first ? undefined : chartAnchor(chart.of)} style={{ margin: first ? 0 : '32px 0 0' }}>
      {first ? null : <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{`Inside ${name}`}</h2>}
      <svg
        // With links to stories and charts inside, a group (an image hides its links from assistive technology).
        role={links.stories || chart.root.children.some((box) => box.collapsed) ? 'group' : 'img'}
        aria-labelledby={titleId}
        width={chart.width}
        height={chart.height}
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        style={{ maxWidth: '100%', height: 'auto' }}
        fontFamily="system-ui, sans-serif"
      >
        <title id={titleId}>{first ? `Statechart of ${chart.machine}` : `Statechart of ${chart.machine}, inside ${name}`}</title>
        <defs>
          <marker id={links.arrow} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={INK} />
          </marker>
        </defs>
        <StateBox box={chart.root} depth={0} links={links} />
        {chart.edges.map((edge) => (
          <g key={edge.id} data-edge={edge.id} data-source={edge.source} data-target={edge.target}>
            <path d={edge.d} fill="none" stroke={LINE} strokeWidth={1.2} markerEnd={`url(#${links.arrow})`} />
            <text x={edge.labelX} y={edge.labelY} textAnchor="middle" fontSize={11} fill={INK} stroke="#ffffff" strokeWidth={4} paintOrder="stroke">
              {edge.label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        <table style={{ borderCollapse: 'collapse', marginTop: 16, fontSize: 14 }}>
          <caption style={{ textAlign: 'start', fontWeight: 700, paddingBottom: 4 }}>{first ? `Transitions of ${chart.machine}` : `Transitions inside ${name}`}</caption>
          <thead>
            <tr>
              <th scope="col" style={cell}>
                From
              </th>
              <th scope="col" style={cell}>
                Event [guard]
              </th>
              <th scope="col" style={cell}>
                To
              </th>
            </tr>
          </thead>
          <tbody>
            {chart.transitions.map((edge) => (
              <tr key={edge.id}>
                <td style={cell}>{shortId(chart.machine, edge.source)}</td>
                <td style={cell}>{edge.label}</td>
                <td style={cell}>{shortId(chart.machine, edge.target)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}

const cell = { border: `1px solid ${LINE}`, padding: '4px 8px', textAlign: 'start' as const };

function shortId(machine: string, id: string): string {
  return id === machine ? `(${machine})` : id.startsWith(`${machine}.`) ? id.slice(machine.length + 1) : id;
}
