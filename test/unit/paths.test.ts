// `npm run paths` filters and exports the generated paths a tester follows (issue 24, item 5).
import { describe, expect, it } from 'vitest';
import { pathsJson, selectPaths } from '../../scripts/paths.ts';

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
});
