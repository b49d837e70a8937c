// `npm run paths` filters and exports the generated paths a tester follows (issue 24, item 5).
import { describe, expect, it } from 'vitest';
import { pathsJson, selectPaths } from '../../scripts/paths.ts';
import { parseStop, randomWalk } from '../support/walks.ts';
import { machineModels } from '../../machines/index.ts';

describe('npm run paths', () => {
  const held = pathsJson({ machine: 'otpLogin', to: 'held' });

  it('keeps only the view paths that reach the state asked for', () => {
    expect(held.kind).toBe('view');
    expect(held.paths.length).toBeGreaterThan(0);
    expect(held.paths.length).toBeLessThan(held.total);
    for (const path of held.paths) expect(path.steps.map((step) => step.state)).toContain('held');
  });

  it('exports each step with its gesture, the evidence to see apart, and the faked answers', () => {
    const [first, ...rest] = held.paths[0]!.steps;
    expect(first).toMatchObject({ start: true, gesture: 'Open the page' });
    expect(first!.evidence?.length).toBeGreaterThan(0);
    for (const step of rest) {
      expect(step.gesture).not.toBe('');
      // The evidence is listed apart, not repeated inside the gesture.
      for (const sight of step.evidence ?? []) expect(step.gesture).not.toContain(sight);
    }
    const refused = held.paths.flatMap((path) => path.steps).find((step) => 'answer' in step && step.answer?.refusal);
    expect(refused).toMatchObject({ answer: { refusal: { code: 'otpHeld', status: 429 } }, state: 'held' });
    expect(held.codesReached).toEqual(['otpHeld']);
  });

  it('filters by refusal code and by event, and all filters must hold', () => {
    const byCode = selectPaths({ machine: 'otpLogin', code: 'otpHeld' });
    expect(byCode.paths.length).toBeGreaterThan(0);
    expect(selectPaths({ machine: 'otpLogin', code: 'noSuchCode' }).paths).toEqual([]);
    const resumed = selectPaths({ machine: 'otpLogin', event: 'code.resume', to: 'held' });
    expect(resumed.paths.length).toBeGreaterThan(0);
    for (const path of resumed.paths) expect(path.steps.some((step) => step.event.type === 'code.resume')).toBe(true);
  });

  it('refuses a state the machine does not have', () => {
    expect(() => selectPaths({ machine: 'otpLogin', to: 'locked' })).toThrow('otpLogin has no state "locked"');
  });

  it('shows a message’s arguments and a pattern’s choices as text, not as raw placeholders', () => {
    const sights = held.paths.flatMap((path) => path.steps.flatMap((step) => step.evidence ?? []));
    expect(sights.some((sight) => sight.includes('…'))).toBe(true);
    for (const sight of sights) expect(sight).not.toMatch(/\{[A-Za-z]|\/\^/);
    const family = pathsJson({ machine: 'familyDetails', to: 'ready' }).paths.flatMap((path) => path.steps.flatMap((step) => step.evidence ?? []));
    expect(family).toContain('See the heading ‘The Chans / The Wongs / The Lees’');
  });

  it('walks at random from a seed: the same seed the same walk, until the stop holds', () => {
    const model = machineModels.otpLogin;
    const first = randomWalk(model, 7);
    expect(first.stopMet).toBe(true);
    expect(first.coverage.transitions.covered).toBe(first.coverage.transitions.total);
    expect(first.coverage.states.covered).toBe(first.coverage.states.total);
    const again = randomWalk(model, 7);
    const events = (walk: typeof first) => walk.paths.map((path) => path.steps.map((step) => step.event.type).join(' '));
    expect(events(again)).toEqual(events(first));
    expect(events(randomWalk(model, 8))).not.toEqual(events(first));
    const short = randomWalk(model, 7, { kind: 'length', steps: 5 });
    expect([short.coverage.steps, short.paths.flatMap((path) => path.steps.slice(1)).length]).toEqual([5, 5]);
  });

  it('stops each generator where asked: a state reached, a share of the transitions, a length', () => {
    const reached = selectPaths({ machine: 'otpLogin', generator: 'random', seed: 3, stop: { kind: 'state', state: 'held' } });
    expect(reached.walk.stopMet).toBe(true);
    const last = reached.all.at(-1)!;
    expect(last.state._nodes.some((node) => node.id === 'otpLogin.held')).toBe(true);
    const half = selectPaths({ machine: 'otpLogin', stop: { kind: 'edge', percent: 50 } });
    const all = selectPaths({ machine: 'otpLogin' });
    expect(half.walk.stopMet).toBe(true);
    expect(half.all.length).toBeLessThan(all.all.length);
    expect(half.walk.coverage.transitions.covered * 2).toBeGreaterThanOrEqual(half.walk.coverage.transitions.total);
    expect(all.walk.coverage.transitions.covered).toBe(all.walk.coverage.transitions.total);
    const simple = selectPaths({ machine: 'otpLogin', generator: 'simple' });
    expect(simple.all.length).toBeGreaterThan(all.all.length);
    expect(pathsJson({ machine: 'otpLogin', generator: 'random', seed: 3, stop: { kind: 'length', steps: 4 } })).toMatchObject({ generator: 'random', seed: 3, stop: { kind: 'length', steps: 4 }, stopMet: true });
  });

  it('reads the stop conditions it documents and refuses others', () => {
    expect(parseStop('edge:90')).toEqual({ kind: 'edge', percent: 90 });
    expect(parseStop('state:codeSent.entry')).toEqual({ kind: 'state', state: 'codeSent.entry' });
    expect(parseStop('length:40')).toEqual({ kind: 'length', steps: 40 });
    expect(parseStop('time:500')).toEqual({ kind: 'time', ms: 500 });
    for (const bad of ['edge:0', 'edge:101', 'length:-1', 'length:1.5', 'state:', 'time:x', 'walk:3']) expect(() => parseStop(bad)).toThrow('--stop');
  });
});
