import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { declaresCode } from '../../contract/call.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { machineModels } from '../../machines/index.ts';
import { routedRefusals } from '../../machines/model-kit.ts';
import { actorsFor, apiActors } from '../support/api-actors.ts';

/*
 * A refusal is written once, in its call's declaration (`codes`). A machine that routes a code
 * (`hasCode(...)`, `refusal(target, ...)` in the `onError` of an invoke) must invoke an actor whose
 * call can answer it, so a machine cannot wait for a code its call never sends, and the two lists
 * cannot drift apart. The actor behind a machine's actor name is the one src/api provides under
 * that name (read from the source, without running it): the declarations it calls, and the codes
 * it throws itself (`new ApiError('importFileTooLarge', …)`): test/support/api-actors.ts.
 */

/** What the client itself decides whatever the call: no answer, or one it could not read. */
const CLIENT_CODES = new Set(['network', 'unknown']);

/**
 * Routes the declarations do not list yet, each a finding for the contract's owners rather than
 * something to copy (none today: the two found when this test was written, `familyNoLongerAdmin`
 * on every admin call and email verification's dead `wrongUrl`/`recordNotFound` routes, were fixed).
 * Remove an entry once its declaration (or machine) is fixed; the test fails on a stale entry.
 */
const KNOWN_GAPS: ReadonlySet<string> = new Set<string>([]);

describe('refusal codes', () => {
  const objects = apiActors();

  it('finds the declarations behind the actors in src/api', () => {
    expect(objects.get('familyActors')?.get('joinFamily')?.calls.map((call) => call.name)).toEqual(['family.join']);
    expect(objects.get('apiActors')?.get('activate')?.calls.map((call) => call.name).sort()).toEqual(['activation.activate', 'activation.activateBuyer']);
    expect(objects.get('orgAccountImportActors')?.get('checkImport')?.thrown).toContain('importFileTooLarge');
  });

  const gapsSeen = new Set<string>();

  it.each(Object.entries(machineModels))('%s routes only codes its calls can answer', (name, model) => {
    const machine = model.machine as AnyStateMachine;
    const routes = routedRefusals(machine);
    const actors = actorsFor([...new Set(routes.map((route) => route.actor))], objects);
    const unanswered = routes
      .filter(({ code, actor }) => {
        if (CLIENT_CODES.has(code)) return false;
        const behind = actors.get(actor);
        // An actor that is no call (the camera, a child machine) answers what it throws; nothing to check against.
        if (!behind) return false;
        if (KNOWN_GAPS.has(`${name}: ${actor} ${code}`)) {
          gapsSeen.add(`${name}: ${actor} ${code}`);
          return false;
        }
        return !behind.some((one) => one.thrown.includes(code) || one.calls.some((call) => declaresCode(call, code as ErrorCode)));
      })
      .map(({ code, actor, state }) => `${state}: ${actor} (${actors.get(actor)!.flatMap((one) => one.calls.map((call) => call.name)).join(', ')}) never answers ${code}`);
    expect(unanswered).toEqual([]);
  });

  it('lists no known gap that is gone', () => {
    expect([...KNOWN_GAPS].filter((gap) => !gapsSeen.has(gap))).toEqual([]);
  });

  it('checks the routes of every machine that routes refusals', () => {
    const routed = Object.values(machineModels).filter((model) => routedRefusals(model.machine as AnyStateMachine).length > 0);
    expect(routed.length).toBeGreaterThan(10);
  });
});
