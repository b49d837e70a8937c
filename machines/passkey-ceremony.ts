import { calling, failTo } from './form.ts';

/**
 * The browser's own passkey dialog (navigator.credentials.create or .get, provided by the page) as
 * a busy state of a flow: it invokes `src` with `context.options` (the server's options), goes on
 * with `onDone` when the browser answers and to `onError` when it gives none (cancelled, timed out,
 * none on this device). Passkey registration, passkey sign-in and the step-up dialog use it.
 */
export function browserCeremony<const TSrc extends string, const TDone, const TError>(src: TSrc, onDone: TDone, onError: TError) {
  return {
    tags: ['busy'],
    invoke: { id: src, src, input: ({ context }: { context: { options: unknown } }) => context.options as never, onDone, onError },
  } as const;
}

/**
 * A passkey's answer: `choosing` (the browser's dialog, `getPasskey`; the answer kept by the
 * machine's `assignAnswer`; none given → `notUsed`), then `verifying` (the server's check `check`
 * of `{ response }`: `onDone`, or `failed` with its code).
 */
export function passkeyAnswerStates<const TCheck extends string, const TDone, const TNotUsed extends string, const TFailed extends string>(
  check: TCheck,
  onDone: TDone,
  notUsed: TNotUsed,
  failed: TFailed,
) {
  return {
    /** The browser's own dialog: the user picks a passkey and unlocks it. */
    choosing: browserCeremony('getPasskey', { target: 'verifying', actions: 'assignAnswer' } as const, notUsed),
    verifying: calling(check, { input: ({ context }: { context: { answer: unknown } }) => ({ response: context.answer as never }), onDone, onError: failTo(failed) }),
  } as const;
}
