import { useSelector } from '@xstate/react';
import { describe, expect, it } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import type { familyJoinMachine } from '../../machines/family/family-join.machine.ts';
import { FamilyJoinView } from '../../src/features/family/family-join-view.tsx';
import { shortestPathTo, type ModelPath } from '../support/graph.ts';
import { familyJoinView } from './models/family-join.view.ts';
import { runViewPath } from './support/view-paths.tsx';

type JoinActor = ActorRefFrom<typeof familyJoinMachine>;

/** The join view with one mistake: a refused full family shows no message at all. */
function SilentWhenFull({ actor }: { actor: JoinActor }) {
  const full = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'full' }));
  return full ? <h1>Join a family</h1> : <FamilyJoinView actor={actor} />;
}

/** The join view with another: a hold shows the waiting screen's heading instead of its own. */
function WrongHeadingWhenHeld({ actor }: { actor: JoinActor }) {
  const held = useSelector(actor, (snapshot) => snapshot.matches('held'));
  return held ? <h1>Your join request</h1> : <FamilyJoinView actor={actor} />;
}

/** A view that drops what the user does: the form shows, but its submit never reaches the machine. */
function DeafToSubmit({ actor }: { actor: JoinActor }) {
  const deaf = new Proxy(actor, {
    get(target, property) {
      if (property === 'send') return (event: { type: string }) => (event.type === 'form.submit' ? undefined : target.send(event as never));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return <FamilyJoinView actor={deaf} />;
}

const to = (state: string): ModelPath => shortestPathTo(familyJoinView.model, state);

describe('the view-path harness', () => {
  it('passes the real view along a path to a refusal', async () => {
    const run = await runViewPath(familyJoinView, FamilyJoinView, to('editing.full'));
    expect(run.asserted.at(-1)).toBe('editing.full');
  });

  it('fails a view that shows no message for a state', async () => {
    await expect(runViewPath(familyJoinView, SilentWhenFull, to('editing.full'))).rejects.toThrow(/expecting editing\.full/);
  });

  it('fails a view that shows another state’s heading', async () => {
    await expect(runViewPath(familyJoinView, FamilyJoinView, to('held'))).resolves.toBeTruthy();
    await expect(runViewPath(familyJoinView, WrongHeadingWhenHeld, to('held'))).rejects.toThrow(/expecting held: .*Please\\s\+wait/);
  });

  it('fails a view whose gestures do not reach the machine', async () => {
    await expect(runViewPath(familyJoinView, DeafToSubmit, to('submitting'))).rejects.toThrow(/expecting submitting/);
  });

  it('fails a path whose state the view model gives no evidence for', async () => {
    const { editing: _form, 'editing.full': _full, ...evidence } = familyJoinView.evidence;
    const incomplete = { ...familyJoinView, evidence };
    await expect(runViewPath(incomplete, FamilyJoinView, to('editing.full'))).rejects.toThrow(/no evidence for editing\.full/);
  });
});
