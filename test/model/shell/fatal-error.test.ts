import { describe, expect, it } from 'vitest';
import { fatalErrorModel as model } from '../../../machines/shell/fatal-error.model.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const expired = { type: 'fatal.raise', reason: 'sessionExpired' } as const;
const server = { type: 'fatal.raise', reason: 'server' } as const;
const dismiss = { type: 'fatal.dismiss' } as const;

describeModelPaths('fatalError', model);

describe('fatalError', () => {
  it('starts closed', () => {
    expect(play(model).matches('closed')).toBe(true);
  });

  it('opens on the reason raised and closes when dismissed', () => {
    expect(play(model, expired).matches('sessionExpired')).toBe(true);
    expect(play(model, server).matches('serverError')).toBe(true);
    expect(play(model, server, dismiss).matches('closed')).toBe(true);
    expect(play(model, expired, dismiss).matches('closed')).toBe(true);
  });

  it('lets an expired session take over a server error, never the reverse', () => {
    expect(play(model, server, expired).matches('sessionExpired')).toBe(true);
    const snapshot = play(model, expired);
    expect(snapshot.can(server)).toBe(false);
  });
});
