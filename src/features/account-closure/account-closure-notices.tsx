import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { accountClosureMachine } from '../../../machines/account-closure/account-closure.machine.ts';
import { hkDateTime } from '../../i18n/hk-time.ts';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { accountClosureMessages as messages } from './account-closure-messages.ts';

/*
 * The closure's notices, apart from its page's view (account-closure-view.tsx): the profile shows
 * the grace-period notice on every visit (account-closure-notice-page.tsx), and it never reaches the
 * page's confirmation, step-up or refusals, so it does not download them (issue 26).
 */

export type AccountClosureActor = ActorRefFrom<typeof accountClosureMachine>;

/** The confirmation once closed and signed out: the erasure date in Hong Kong time, and the way back. */
export function AccountClosedNotice({ eraseAt }: { eraseAt: string }) {
  const intl = useIntl();
  return (
    <Notice tone="success" live title={intl.formatMessage(messages.closedTitle)}>
      <p>{intl.formatMessage(messages.closed, { eraseAt: hkDateTime(intl, eraseAt) })}</p>
      <p>
        <RouteLink to="/{-$lang}/login">{intl.formatMessage(messages.toLogin)}</RouteLink>
      </p>
    </Notice>
  );
}

/**
 * The grace-period part: while the account is closing, its erasure date and Cancel closure; then
 * what came of the cancel. Nothing in the other states. Shown at the top of the profile pages
 * (docs/decisions/account-closure-page.md) and on the closure page.
 */
export function AccountClosurePendingNotice({ actor }: { actor: AccountClosureActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const state = useSelector(actor, (snapshot) =>
    snapshot.matches('closing') || snapshot.matches('cancelling') ? 'pending' : snapshot.matches('cancelFailed') ? 'failed' : snapshot.matches('cancelled') ? 'cancelled' : null,
  );
  const eraseAt = useSelector(actor, (snapshot) => snapshot.context.eraseAt);
  const busy = useSelector(actor, (snapshot) => snapshot.matches('cancelling'));
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  if (state === null) return null;
  if (state === 'cancelled') {
    return (
      <Notice tone="success" live title={intl.formatMessage(messages.cancelledTitle)}>
        <p>{intl.formatMessage(messages.cancelled)}</p>
      </Notice>
    );
  }
  return (
    <div role={state === 'failed' ? 'alert' : undefined}>
      <Notice tone="warning" title={intl.formatMessage(state === 'failed' ? messages.cancelFailedTitle : messages.pendingTitle)}>
        {state === 'failed' ? <p>{errorText(errorCode ?? 'unknown')}</p> : null}
        <p>{intl.formatMessage(messages.pending, { eraseAt: hkDateTime(intl, eraseAt) })}</p>
        <Button type="button" busy={busy} onClick={() => actor.send({ type: state === 'failed' ? 'retry' : 'closure.cancel' })}>
          {intl.formatMessage(busy ? messages.cancelling : state === 'failed' ? messages.retry : messages.cancel)}
        </Button>
      </Notice>
    </div>
  );
}
