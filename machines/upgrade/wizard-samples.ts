import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { UpgradeKind, UpgradeProgress, UpgradeStep } from '../../contract/schemas/upgrade.ts';
import { apiError, change, done, fail, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, timerEvent, type ModelEvent } from '../model-kit.ts';

/**
 * The model's part of an upgrade wizard's frame and of its email-code step (machines/upgrade/wizard.ts,
 * email-code-step.ts; docs/decisions/wizard.md): sample progress, the events every upgrade's model
 * feeds, its forward-only simple paths and the resend path. Each upgrade's model adds its own steps.
 */

/** The server's waits (server/domain/upgrades.ts): a new code after a minute, each valid 10 minutes; progress kept 7 days. */
export const UPGRADE_RESEND_AFTER_MS = 60 * 1000;
export const UPGRADE_EXPIRY_MS = 10 * 60 * 1000;
export const UPGRADE_RESUME_MS = 7 * 24 * 60 * 60 * 1000;

/** The progress the server answers at `step`, as seen at the demo clock's noon; `email` once it is known. */
export function sampleUpgradeProgress(kind: UpgradeKind, step: UpgradeStep, email: string | null, subscribe: boolean | null = null): UpgradeProgress {
  const after = (ms: number) => new Date(SAMPLE_NOW + ms).toISOString();
  return {
    kind,
    step,
    email,
    subscribe,
    codeExpiresAt: step === 'code' ? after(UPGRADE_EXPIRY_MS) : null,
    codeResendAt: step === 'code' ? after(UPGRADE_RESEND_AFTER_MS) : null,
    resumeUntil: step === 'intro' ? null : after(UPGRADE_RESUME_MS),
  };
}

interface WizardSamples {
  machineId: string;
  /** The sample progress at a step. */
  progress: (step: UpgradeStep) => UpgradeProgress;
  /** The steps a resumed wizard may open at, beside the intro. */
  resumeAt: readonly UpgradeStep[];
  email: string;
  code: string;
  /** The step after the code. */
  next: UpgradeStep;
}

export function wizardSamples<TMachine extends AnyStateMachine>({ machineId, progress, resumeAt, email, code, next }: WizardSamples) {
  const held = () => apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL });
  const resendAvailable = timerEvent<TMachine>('resendAfter', `${machineId}.code.resend.locked`);
  const typedCode = change('code', code);
  return {
    resendAvailable,
    /** Reading the progress: a new wizard, each resumed step, not eligible, offline; then `retry` and `upgrade.start`. */
    frameEvents: [
      done('fetchProgress', progress('intro')),
      ...resumeAt.map((step) => done('fetchProgress', progress(step))),
      fail('fetchProgress', apiError('upgradeNotEligible')),
      fail('fetchProgress', networkError()),
      { type: 'retry' },
      { type: 'upgrade.start' },
    ] as ModelEvent<TMachine>[],
    /** The email-code step: each answer of its two calls, its events and its three timers. */
    emailCodeEvents: [
      change('email', email),
      { type: 'form.submit' },
      done('sendEmailCode', progress('code')),
      fail('sendEmailCode', held()),
      fail('sendEmailCode', apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })),
      fail('sendEmailCode', apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] })),
      fail('sendEmailCode', networkError()),
      typedCode,
      done('verifyEmailCode', progress(next)),
      fail('verifyEmailCode', held()),
      fail('verifyEmailCode', apiError('invalidPayload', { fields: [{ field: 'code', rule: 'sixDigits' }] })),
      fail('verifyEmailCode', networkError()),
      { type: 'code.resend' },
      { type: 'email.edit' },
      resendAvailable,
      timerEvent<TMachine>('codeExpiry', `${machineId}.code`),
      timerEvent<TMachine>('holdExpiry', `${machineId}.held`),
    ] as ModelEvent<TMachine>[],
    /**
     * Simple paths walk forward only (`forward`: every field filled once, in order, each step's
     * answer a success, from a new wizard); the shortest paths and the completion reach every
     * refusal, timer, resumed step and way back.
     */
    simplePathFilter: (forward: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean) => (snapshot: AnyMachineSnapshot, event: EventObject) => {
      if (event.type.startsWith('xstate.error.') || event.type.startsWith('xstate.after.')) return false;
      if (event.type === 'xstate.done.actor.fetchProgress') return (event as { output?: { step?: string } }).output?.step === 'intro';
      return forward(snapshot, event);
    },
    /** Resend once the countdown allows, then verify the new code. */
    resendPath: [
      done('fetchProgress', progress('code')),
      resendAvailable,
      { type: 'code.resend' },
      done('sendEmailCode', progress('code')),
      typedCode,
      { type: 'form.submit' },
      done('verifyEmailCode', progress(next)),
    ] as ModelEvent<TMachine>[],
  };
}
