import type { SsoOutcome } from '../../../contract/schemas/third-party.ts';
import type { FailureCode } from '../../../machines/form.ts';

/**
 * The popup protocol (docs/decisions/third-party.md): the callback page posts the outcome
 * on a BroadcastChannel. A channel only ever joins documents of this same origin, so nothing from
 * another site can speak on it; and unlike `window.opener.postMessage` it still works after the
 * popup has been to Google, whose Cross-Origin-Opener-Policy cuts the opener link.
 */
export const SSO_CHANNEL = 'portal-third-party-sign-in';
/** The popup's window name: the /users/sso/google page inside it waits to be sent on by its opener. */
export const SSO_POPUP_NAME = 'portal-third-party-sign-in';

/**
 * `outcome` and `failed` go from the callback page to the opener; `received` is the opener's
 * answer, so a failed callback page knows it is a popup someone waits for and may close.
 */
export type SsoMessage = { type: 'outcome'; outcome: SsoOutcome } | { type: 'failed'; code: FailureCode } | { type: 'received' };

function isSsoMessage(data: unknown): data is SsoMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; outcome?: { outcome?: unknown }; code?: unknown };
  if (message.type === 'received') return true;
  if (message.type === 'failed') return typeof message.code === 'string';
  return message.type === 'outcome' && typeof message.outcome?.outcome === 'string';
}

export function announce(message: SsoMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SSO_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Calls `handler` with each well-formed message; returns the unsubscribe. */
export function listen(handler: (message: SsoMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(SSO_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (isSsoMessage(event.data)) handler(event.data);
  };
  return () => channel.close();
}
