import { useId, useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { layoutMachine, type Box } from './statechart-layout.ts';

const INK = '#0b0c0c';
const LINE = '#505a5f';
const FILL: Record<Box['kind'], string> = {
  atomic: '#ffffff',
  final: '#ffffff',
  history: '#ffffff',
  compound: '#f3f2f1',
  parallel: '#f8f8f8',
};

function StateBox({ box, depth }: { box: Box; depth: number }) {
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
        strokeWidth={depth === 0 ? 1.5 : 1}
        strokeDasharray={box.kind === 'parallel' ? '6 4' : undefined}
      />
      {box.kind === 'final' ? (
        <rect x={box.x + 4} y={box.y + 4} width={box.width - 8} height={box.height - 8} rx={5} fill="none" stroke={INK} />
      ) : null}
      <text x={box.x + (hasChildren ? 12 : box.width / 2)} y={box.y + 20} textAnchor={hasChildren ? 'start' : 'middle'} fontWeight={700} fontSize={13} fill={INK}>
        {box.label}
      </text>
      {box.tags.length > 0 ? (
        <text x={box.x + (hasChildren ? 12 : box.width / 2)} y={box.y + 34} textAnchor={hasChildren ? 'start' : 'middle'} fontSize={11} fill={LINE}>
          ({box.tags.join(', ')})
        </text>
      ) : null}
      {initial ? (
        <g data-initial={initial.id}>
          <circle cx={initial.x - 14} cy={initial.y + 17} r={4} fill={INK} />
          <path d={`M ${initial.x - 10} ${initial.y + 17} L ${initial.x - 1} ${initial.y + 17}`} stroke={INK} markerEnd="url(#statechart-arrow)" />
        </g>
      ) : null}
      {box.children.map((child) => (
        <StateBox key={child.id} box={child} depth={depth + 1} />
      ))}
    </g>
  );
}

/**
 * The statechart of a machine, drawn from its own graph at render time: nested boxes for
 * states, an arrow from a dot for each initial state, labelled curves for transitions, and the
 * same transitions as a table for readers who do not use the picture.
 */
export function Statechart({ machine }: { machine: AnyStateMachine }) {
  const chart = useMemo(() => layoutMachine(machine), [machine]);
  const titleId = useId();
  return (
    <figure style={{ margin: 0, fontFamily: 'system-ui, "Noto Sans CJK TC", sans-serif', color: INK }}>
      <svg
        role="img"
        aria-labelledby={titleId}
        width={chart.width}
        height={chart.height}
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        style={{ maxWidth: '100%', height: 'auto' }}
        fontFamily="system-ui, sans-serif"
      >
        <title id={titleId}>{`Statechart of ${chart.machine}`}</title>
        <defs>
          <marker id="statechart-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={INK} />
          </marker>
        </defs>
        <StateBox box={chart.root} depth={0} />
        {chart.edges.map((edge) => (
          <g key={edge.id} data-edge={edge.id} data-source={edge.source} data-target={edge.target}>
            <path d={edge.d} fill="none" stroke={LINE} strokeWidth={1.2} markerEnd="url(#statechart-arrow)" />
            <text x={edge.labelX} y={edge.labelY} textAnchor="middle" fontSize={11} fill={INK} stroke="#ffffff" strokeWidth={4} paintOrder="stroke">
              {edge.label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        <table style={{ borderCollapse: 'collapse', marginTop: 16, fontSize: 14 }}>
          <caption style={{ textAlign: 'start', fontWeight: 700, paddingBottom: 4 }}>{`Transitions of ${chart.machine}`}</caption>
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
            {chart.edges.map((edge) => (
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
