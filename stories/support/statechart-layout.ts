import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph';
import { guardLabel } from '../../machines/model-kit.ts';

/**
 * Lays a machine's own graph out as nested boxes: each compound state arranges its children in
 * columns by how far they are from its initial state (a layered layout per level), parallel
 * regions sit side by side, and every transition becomes a labelled curve.
 */

export type BoxKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface Box {
  /** The state node id, e.g. `passwordLogin.editing.idle`. */
  id: string;
  /** The state's own key, e.g. `idle`; the root shows the machine id. */
  label: string;
  kind: BoxKind;
  x: number;
  y: number;
  width: number;
  height: number;
  children: Box[];
  /** Id of the child entered first, when the box has children. */
  initial: string | null;
  /** Tags of the state, shown under its name. */
  tags: string[];
  /** A compound or parallel state drawn as one box: its inside has a chart of its own. */
  collapsed: boolean;
}

export interface EdgeLayout {
  id: string;
  source: string;
  target: string;
  /** Event and guard as a tester reads them: `submit [isFormInvalid]`, `login done`. */
  label: string;
  /** SVG path data. */
  d: string;
  labelX: number;
  labelY: number;
}

export interface Chart {
  machine: string;
  /** The state the chart draws (the machine's root for the whole machine). */
  of: string;
  width: number;
  height: number;
  root: Box;
  /** The curves drawn: three or more transitions between the same two boxes share one. */
  edges: EdgeLayout[];
  /** Every transition the chart shows, one by one (its table). */
  transitions: Array<{ id: string; source: string; target: string; label: string }>;
}

/** From this many transitions between the same two boxes, one curve stands for them all. */
export const BUNDLE_FROM = 3;

export const METRICS = {
  charWidth: 7,
  smallCharWidth: 6,
  leafHeight: 34,
  tagLine: 14,
  header: 26,
  padding: 14,
  rowGap: 22,
  minColumnGap: 70,
  maxColumnGap: 240,
  margin: 24,
  loop: 36,
};

const textWidth = (text: string, small = false) => text.length * (small ? METRICS.smallCharWidth : METRICS.charWidth);

function kindOf(node: AnyStateNode): BoxKind {
  if (node.type === 'final') return 'final';
  if (node.type === 'history') return 'history';
  if (node.type === 'parallel') return 'parallel';
  return Object.keys(node.states).length > 0 ? 'compound' : 'atomic';
}

function guardName(t: AnyTransitionDefinition): string | null {
  return t.guard === undefined ? null : guardLabel(t.guard, 'guard');
}

/** `xstate.done.actor.login` → `login done`; `xstate.after.3000.x` → `after 3000`; others as they are. */
export function eventLabel(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} error`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (doneState) return `${(doneState[1] ?? '').split('.').pop()} done`;
  return eventType === '' ? 'always' : eventType;
}

export function transitionLabel(t: AnyTransitionDefinition): string {
  const guard = guardName(t);
  return `${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`;
}

interface RawEdge {
  id: string;
  source: AnyStateNode;
  target: AnyStateNode;
  label: string;
}

/** Every transition of the machine, one edge per target; eventless ones included. */
export function chartEdges(machine: AnyStateMachine): RawEdge[] {
  const edges: RawEdge[] = [];
  const visit = (graphNode: DirectedGraphNode) => {
    for (const edge of graphNode.edges) {
      edges.push({ id: edge.id, source: edge.source, target: edge.target, label: transitionLabel(edge.transition) });
    }
    for (const child of graphNode.children) visit(child);
  };
  visit(toDirectedGraph(machine));
  const walk = (node: AnyStateNode) => {
    for (const [index, t] of (node.always ?? []).entries()) {
      for (const [targetIndex, target] of (t.target ?? [node]).entries()) {
        edges.push({ id: `${node.id}:always:${index}:${targetIndex}`, source: node, target, label: transitionLabel(t) });
      }
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return edges;
}

const isWithin = (node: AnyStateNode, ancestor: AnyStateNode) => node === ancestor || node.id.startsWith(`${ancestor.id}.`);

/** The child of `parent` that contains `node`, if any. */
function childContaining(parent: AnyStateNode, node: AnyStateNode): AnyStateNode | undefined {
  return (Object.values(parent.states) as AnyStateNode[]).find((child) => isWithin(node, child));
}

/** Column of each child: breadth-first distance from the initial child along sibling edges. */
function ranks(parent: AnyStateNode, children: AnyStateNode[], edges: RawEdge[]): Map<AnyStateNode, number> {
  const next = new Map<AnyStateNode, AnyStateNode[]>(children.map((child) => [child, []]));
  for (const edge of edges) {
    const from = childContaining(parent, edge.source);
    const to = childContaining(parent, edge.target);
    if (from && to && from !== to) next.get(from)?.push(to);
  }
  const rank = new Map<AnyStateNode, number>();
  const initialTarget = parent.type === 'compound' ? parent.initial?.target?.[0] : undefined;
  const start = (initialTarget && childContaining(parent, initialTarget)) ?? children[0];
  if (!start) return rank;
  rank.set(start, 0);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift() as AnyStateNode;
    for (const target of next.get(current) ?? []) {
      if (!rank.has(target)) {
        rank.set(target, (rank.get(current) ?? 0) + 1);
        queue.push(target);
      }
    }
  }
  const deepest = Math.max(0, ...rank.values());
  for (const child of children) if (!rank.has(child)) rank.set(child, deepest + 1);
  return rank;
}

function tagsOf(node: AnyStateNode): string[] {
  return [...(node.tags ?? [])].map(String);
}

/** Sizes every box and places children relative to their parent (absolute positions come later). */
function measure(node: AnyStateNode, edges: RawEdge[], label: string, collapsed: (node: AnyStateNode) => boolean, top = true): Box {
  const kind = kindOf(node);
  const tags = tagsOf(node);
  const tagText = tags.length > 0 ? `(${tags.join(', ')})` : '';
  const headerWidth = Math.max(textWidth(label), textWidth(tagText, true)) + 2 * METRICS.padding;
  const headerHeight = METRICS.header + (tags.length > 0 ? METRICS.tagLine : 0);
  const fold = !top && collapsed(node) && Object.keys(node.states).length > 0;
  const children = fold ? [] : (Object.values(node.states) as AnyStateNode[]);

  if (children.length === 0) {
    return {
      id: node.id,
      label,
      kind,
      x: 0,
      y: 0,
      width: Math.max(headerWidth, 90),
      height: METRICS.leafHeight + (tags.length > 0 ? METRICS.tagLine : 0),
      children: [],
      initial: null,
      tags,
      collapsed: fold,
    };
  }

  const boxes = children.map((child) => measure(child, edges, child.key, collapsed, false));
  const rank = kind === 'parallel' ? new Map(children.map((child, index) => [child, index])) : ranks(node, children, edges);
  const columnCount = Math.max(...rank.values()) + 1;
  const columns: Box[][] = Array.from({ length: columnCount }, () => []);
  children.forEach((child, index) => columns[rank.get(child) ?? 0]?.push(boxes[index] as Box));

  // Room between columns for the longest label of an edge that crosses this level.
  const levelLabels = edges
    .filter((edge) => isWithin(edge.source, node) && isWithin(edge.target, node))
    .map((edge) => textWidth(edge.label, true) + 16);
  const gap = Math.min(METRICS.maxColumnGap, Math.max(METRICS.minColumnGap, ...levelLabels));

  let x = METRICS.padding + (kind === 'parallel' ? 0 : 18);
  let innerHeight = 0;
  for (const column of columns.filter((c) => c.length > 0)) {
    const columnWidth = Math.max(...column.map((box) => box.width));
    let y = headerHeight;
    for (const box of column) {
      box.x = x + (columnWidth - box.width) / 2;
      box.y = y;
      y += box.height + METRICS.rowGap;
    }
    innerHeight = Math.max(innerHeight, y - METRICS.rowGap - headerHeight);
    x += columnWidth + gap;
  }
  const contentWidth = x - gap + METRICS.padding + METRICS.loop;
  const initialTarget = kind === 'compound' ? node.initial?.target?.[0] : undefined;
  const initialChild = initialTarget ? childContaining(node, initialTarget) : undefined;
  return {
    id: node.id,
    label,
    kind,
    x: 0,
    y: 0,
    width: Math.max(contentWidth, headerWidth),
    height: headerHeight + innerHeight + METRICS.padding + METRICS.loop,
    children: boxes,
    initial: initialChild?.id ?? null,
    tags,
    collapsed: false,
  };
}

function place(box: Box, dx: number, dy: number, index: Map<string, Box>) {
  box.x += dx;
  box.y += dy;
  index.set(box.id, box);
  for (const child of box.children) place(child, box.x, box.y, index);
}

const contains = (outer: Box, inner: Box) =>
  inner !== outer && inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

const round = (n: number) => Math.round(n * 10) / 10;

type Point = [number, number];

/** A cubic curve with its label at the curve's midpoint, lifted a little off the line. */
function cubic(p0: Point, p1: Point, p2: Point, p3: Point, lift = 4): { d: string; labelX: number; labelY: number } {
  const mid = (i: 0 | 1) => (p0[i] + 3 * p1[i] + 3 * p2[i] + p3[i]) / 8;
  const pt = (p: Point) => `${round(p[0])} ${round(p[1])}`;
  return { d: `M ${pt(p0)} C ${pt(p1)}, ${pt(p2)}, ${pt(p3)}`, labelX: mid(0), labelY: mid(1) - lift };
}

function route(source: Box, target: Box, lane: number): { d: string; labelX: number; labelY: number } {
  const shift = lane * 14;
  if (source === target) {
    // A loop over the top edge, near the right corner, so it clears the arrows that leave sideways.
    const x1 = source.x + source.width - 52 - shift * 2;
    const x2 = x1 + 26;
    const y = source.y;
    const curve = cubic([x1, y], [x1, y - 24], [x2, y - 24], [x2, y], 0);
    return { ...curve, labelY: y - 22 };
  }
  if (contains(source, target)) {
    // A state sending itself into one of its own children: from its header down to the child.
    const sx = source.x + 12 + textWidth(source.label) + 8 + shift;
    const sy = source.y + 14;
    const tx = target.x + target.width / 2;
    const ty = target.y;
    return cubic([sx, sy], [tx, sy], [tx, sy], [tx, ty]);
  }
  if (contains(target, source)) {
    const sx = source.x + source.width / 2;
    const sy = source.y;
    const tx = target.x + 12 + textWidth(target.label) + 8 + shift;
    const ty = target.y + 14;
    return cubic([sx, sy], [sx, ty], [sx, ty], [tx, ty]);
  }
  if (target.x >= source.x + source.width) {
    const sy = source.y + Math.min(source.height / 2, 24) + shift;
    const ty = target.y + Math.min(target.height / 2, 24) + shift / 2;
    const mid = (source.x + source.width + target.x) / 2;
    return cubic([source.x + source.width, sy], [mid, sy], [mid, ty], [target.x, ty]);
  }
  if (target.x + target.width <= source.x) {
    // Back to an earlier column: around underneath both boxes.
    const sx = source.x + source.width / 2 - shift;
    const sy = source.y + source.height;
    const tx = target.x + target.width / 2 + shift;
    const ty = target.y + target.height;
    const below = Math.max(sy, ty) + 32 + shift;
    return cubic([sx, sy], [sx, below], [tx, below], [tx, ty], -12);
  }
  // Same column: a short straight arrow, offset so a pair of opposite arrows stay apart.
  const down = target.y >= source.y + source.height;
  const sx = source.x + source.width / 2 + (down ? 8 : -8) + shift;
  const sy = down ? source.y + source.height : source.y;
  const tx = target.x + target.width / 2 + (down ? 8 : -8) + shift;
  const ty = down ? target.y : target.y + target.height;
  return { d: `M ${sx} ${sy} L ${tx} ${ty}`, labelX: sx + 6, labelY: (sy + ty) / 2 + 4 };
}

export interface LayoutOptions {
  /** The state to draw with its inside (default: the machine's root). */
  of?: AnyStateNode;
  /** Compound and parallel states inside `of` to draw as one box (their transitions end at the box). */
  collapsed?: (node: AnyStateNode) => boolean;
}

/** The box that shows `node`: itself, or the outermost collapsed state around it. */
function shownAs(node: AnyStateNode, of: AnyStateNode, collapsed: (node: AnyStateNode) => boolean): AnyStateNode {
  let shown = node;
  for (let at: AnyStateNode | undefined = node.parent; at && at !== of; at = at.parent) if (collapsed(at)) shown = at;
  return shown;
}

export function layoutMachine(machine: AnyStateMachine, options: LayoutOptions = {}): Chart {
  const of = options.of ?? machine.root;
  const collapsed = options.collapsed ?? (() => false);
  // Only the transitions inside the drawn state, ending at the boxes that show their ends; those
  // wholly inside a collapsed box are drawn in that box's own chart.
  const seen = new Set<string>();
  const edges = chartEdges(machine).flatMap((edge) => {
    if (!isWithin(edge.source, of) || !isWithin(edge.target, of)) return [];
    const source = shownAs(edge.source, of, collapsed);
    const target = shownAs(edge.target, of, collapsed);
    const folded = source !== edge.source || target !== edge.target;
    if (folded && source === target) return [];
    const key = `${source.id}→${target.id} ${edge.label}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ ...edge, source, target }];
  });
  const pairs = new Map<string, RawEdge[]>();
  for (const edge of edges) pairs.set(`${edge.source.id}→${edge.target.id}`, [...(pairs.get(`${edge.source.id}→${edge.target.id}`) ?? []), edge]);
  const drawn = [...pairs.values()].flatMap((group) => (group.length < BUNDLE_FROM ? group : [{ ...group[0]!, label: `${group.length} transitions` }]));
  const root = measure(of, drawn, of === machine.root ? machine.id : of.path.join('.'), collapsed);
  const index = new Map<string, Box>();
  place(root, METRICS.margin, METRICS.margin, index);

  const lanes = new Map<string, number>();
  const laid: EdgeLayout[] = [];
  for (const edge of drawn) {
    const source = index.get(edge.source.id);
    const target = index.get(edge.target.id);
    if (!source || !target) continue;
    const pair = `${source.id}→${target.id}`;
    const lane = lanes.get(pair) ?? 0;
    lanes.set(pair, lane + 1);
    const { d, labelX, labelY } = route(source, target, lane);
    laid.push({ id: edge.id, source: source.id, target: target.id, label: edge.label, d, labelX: round(labelX), labelY: round(labelY) });
  }

  const labelRight = Math.max(0, ...laid.map((edge) => edge.labelX + textWidth(edge.label, true) / 2));
  const lowest = Math.max(0, ...laid.map((edge) => edge.labelY));
  return {
    machine: machine.id,
    of: of.id,
    width: Math.ceil(Math.max(root.x + root.width, labelRight) + METRICS.margin),
    height: Math.ceil(Math.max(root.y + root.height, lowest) + METRICS.margin),
    root,
    edges: laid,
    transitions: edges.map((edge) => ({ id: edge.id, source: edge.source.id, target: edge.target.id, label: edge.label })),
  };
}

/** Above this width (px) a chart is split: its compound states are drawn as boxes with charts of their own. */
export const MAX_CHART_WIDTH = 1600;

/**
 * The charts that draw a machine readably: the whole machine when it fits in MAX_CHART_WIDTH,
 * else the machine with its compound and parallel states collapsed into boxes, then a chart of
 * each of those (split again the same way while too wide): one chart per region of the large
 * machines (family details, the upgrades) instead of one picture shrunk to a third.
 */
export function layoutCharts(machine: AnyStateMachine, of: AnyStateNode = machine.root): Chart[] {
  const whole = layoutMachine(machine, { of });
  const inner = (Object.values(of.states) as AnyStateNode[]).filter((child) => Object.keys(child.states).length > 0);
  if (whole.width <= MAX_CHART_WIDTH || inner.length === 0) return [whole];
  const folded = layoutMachine(machine, { of, collapsed: (node) => node.parent === of });
  return [folded, ...inner.flatMap((child) => layoutCharts(machine, child))];
}
