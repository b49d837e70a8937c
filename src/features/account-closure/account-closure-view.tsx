import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { ACCOUNT_CLOSURE_GRACE_DAYS } from '../../../contract/schemas/account-closure.ts';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { StepUpDialog } from '../step-up/index.ts';
import { accountClosureMessages as messages } from './account-closure-messages.ts';
import { AccountClosedNotice, AccountClosurePendingNotice, type AccountClosureActor } from './account-closure-notices.tsx';

export type { AccountClosureActor };

const days = String(ACCOUNT_CLOSURE_GRACE_DAYS);

/** Close my account (/profile/account-closure): what goes, the 14 days, the confirmation, step-up, refusals and the outcome. */
export function AccountClosureView({ actor }: { actor: AccountClosureActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const state = useSelector(actor, (snapshot) => {
    for (const name of ['loading', 'loadFailed', 'refused', 'failed', 'closed'] as const) if (snapshot.matches(name)) return name;
    if (snapshot.matches('open') || snapshot.matches('confirming') || snapshot.matches('submitting') || snapshot.matches('steppingUp')) return 'open';
    return 'grace';
  });
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirming'));
  const submitting = useSelector(actor, (snapshot) => snapshot.matches('submitting'));
  // The dialog needs the step-up machine's form: a stand-in child without one (the view harness
  // fakes every invoked actor as a call) shows no dialog, and the page stays as it is.
  const stepUp = useSelector(actor, (snapshot) => {
    const child = snapshot.children.stepUp;
    return child && 'context' in child.getSnapshot() ? child : undefined;
  });
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode ?? 'unknown');
  const eraseAt = useSelector(actor, (snapshot) => snapshot.context.eraseAt);

  let body;
  if (state === 'loading') {
    body = (
      <p role="status">
        <progress aria-label={intl.formatMessage(messages.loading)} /> {intl.formatMessage(messages.loading)}
      </p>
    );
  } else if (state === 'loadFailed') {
    body = (
      <div role="alert">
        <Notice tone="warning" title={intl.formatMessage(messages.loadFailedTitle)}>
          <p>{errorText(errorCode)}</p>
        </Notice>
        <Button type="button" onClick={() => actor.send({ type: 'retry' })}>
          {intl.formatMessage(messages.retry)}
        </Button>
      </div>
    );
  } else if (state === 'closed' && eraseAt !== null) {
    body = <AccountClosedNotice eraseAt={eraseAt} />;
  } else if (state === 'grace') {
    body = <AccountClosurePendingNotice actor={actor} />;
  } else {
    body = (
      <>
        <h2>{intl.formatMessage(messages.goesHeading)}</h2>
        <p>{intl.formatMessage(messages.goes)}</p>
        <h2>{intl.formatMessage(messages.graceHeading)}</h2>
        <p>{intl.formatMessage(messages.grace, { days })}</p>
        <p>
          <RouteLink to="/{-$lang}/profile/my-data">{intl.formatMessage(messages.myDataHint)}</RouteLink>
        </p>
        {state === 'refused' ? (
          <div role="alert">
            <Notice tone="warning" title={intl.formatMessage(messages.refusedTitle)}>
              <p>{errorText(errorCode)}</p>
              {errorCode === 'closureLastFamilyAdmin' ? (
                <p>
                  <RouteLink to="/{-$lang}/profile/family">{intl.formatMessage(messages.toFamily)}</RouteLink>
                </p>
              ) : null}
            </Notice>
          </div>
        ) : null}
        {state === 'failed' ? (
          <div role="alert">
            <Notice tone="warning" title={intl.formatMessage(messages.failedTitle)}>
              <p>{errorText(errorCode)}</p>
            </Notice>
            <Button type="button" variant="warning" onClick={() => actor.send({ type: 'retry' })}>
              {intl.formatMessage(messages.retry)}
            </Button>
          </div>
        ) : null}
        {state === 'open' ? (
          <Button type="button" variant="warning" busy={submitting} onClick={() => actor.send({ type: 'closure.start' })}>
            {intl.formatMessage(submitting ? messages.closing : messages.start)}
          </Button>
        ) : null}
        {confirming ? (
          <ConfirmDialog
            actor={actor}
            title={intl.formatMessage(messages.confirmTitle)}
            description={intl.formatMessage(messages.confirmBody, { days })}
            confirm={intl.formatMessage(messages.confirm)}
          />
        ) : null}
        {stepUp ? <StepUpDialog actor={stepUp} /> : null}
      </>
    );
  }

  return (
    <Page title={intl.formatMessage(messages.title)} lead={intl.formatMessage(messages.lead, { days })}>
      {body}
    </Page>
  );
}
