import { expect, vi } from 'vitest';
import { createActor, type AnyActorRef, type AnyEventObject, type AnyStateMachine } from 'xstate';

/*
 * The code entry's countdowns (machines/code-entry.ts) on a live actor, for the specs of every
 * machine that spreads it in; the caller turns fake timers on.
 */

/** A live actor of `machine` after `events`. Actor results are sent by hand, as replays do; the machine's own event type does not list them. */
export function startedAfter(machine: AnyStateMachine, input: unknown, events: readonly object[]): AnyActorRef {
  const actor: AnyActorRef = createActor(machine, { input }).start();
  for (const event of events as readonly AnyEventObject[]) actor.send(event);
  return actor;
}

/** Resend unlocks at `resendAfterMs` (not a millisecond before); the code ends at `expiryMs` in the state `expired`. */
export async function expectCountdowns(actor: AnyActorRef, { resendAfterMs, expiryMs, expired }: { resendAfterMs: number; expiryMs: number; expired: string }) {
  await vi.advanceTimersByTimeAsync(resendAfterMs - 1);
  expect(actor.getSnapshot().matches({ codeSent: { resend: 'locked' } })).toBe(true);
  await vi.advanceTimersByTimeAsync(1);
  expect(actor.getSnapshot().matches({ codeSent: { resend: 'available' } })).toBe(true);
  await vi.advanceTimersByTimeAsync(expiryMs - resendAfterMs - 1);
  expect(actor.getSnapshot().matches('codeSent')).toBe(true);
  await vi.advanceTimersByTimeAsync(1);
  expect(actor.getSnapshot().matches(expired)).toBe(true);
}
