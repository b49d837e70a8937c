import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import { Button } from '../../ui/button.tsx';
import { RouteLink } from '../../shell/route-link.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { mfaLoginMessages as m } from './mfa-login-messages.ts';

/**
 * The screens both second-step flows show alike (the emailed link's `mfaLogin` and the
 * authenticator's `mfaCode`): a spinner in the page, a call that failed, and the step that ended
 * (expired, or held). Each flow keeps its own forms.
 */
export function MfaPage({ lead, focusHeading, children }: { lead?: string; focusHeading?: boolean; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.title)} {...(lead ? { lead } : {})} {...(focusHeading === false ? { focusHeading } : {})}>
      {children}
    </Page>
  );
}

/** A wait in the page frame; `signedIn`: the sign-in is done and the app moves on (focus stays). */
export function MfaBusyPage({ label, signedIn = false }: { label: string; signedIn?: boolean }) {
  return (
    <MfaPage focusHeading={!signedIn}>
      <Spinner label={label} />
    </MfaPage>
  );
}

/** A call that failed (`title` says which), its message and what can be done (`children`). */
export function MfaFailedPage({ title, errorCode, children }: { title: string; errorCode: ShownErrorCode | null; children: ReactNode }) {
  const errorText = useErrorText();
  return (
    <MfaPage>
      <Notice tone="warning" title={title} live>
        <p>{errorText(errorCode ?? 'unknown')}</p>
      </Notice>
      {children}
    </MfaPage>
  );
}

/** A notice and the way back to the login page (the step expired, or the account is held). */
export function MfaEndedPage({ title, text }: { title: string; text: string }) {
  const intl = useIntl();
  return (
    <MfaPage>
      <Notice tone="warning" title={title} live>
        <p>{text}</p>
      </Notice>
      <p>
        <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.logInAgain)}</RouteLink>
      </p>
    </MfaPage>
  );
}

/** The stages both flows show alike. */
export type SharedStage = 'loading' | 'done' | 'loadFailed' | 'expired';

export function isSharedStage(stage: string): stage is SharedStage {
  return stage === 'loading' || stage === 'done' || stage === 'loadFailed' || stage === 'expired';
}

/** A shared stage's page: the start's wait and failure (`onRetry` sends the flow's `retry`), the sign-in done, the step expired. */
export function MfaSharedPage({ stage, errorCode, onRetry }: { stage: SharedStage; errorCode: ShownErrorCode | null; onRetry: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  switch (stage) {
    case 'loading':
      return <MfaBusyPage label={intl.formatMessage(m.loading)} />;
    case 'done':
      return <MfaBusyPage label={intl.formatMessage(m.signedIn)} signedIn />;
    case 'loadFailed':
      return (
        <MfaFailedPage title={intl.formatMessage(m.loadFailedTitle)} errorCode={errorCode}>
          <Button onClick={onRetry}>{intl.formatMessage(m.retry)}</Button>
        </MfaFailedPage>
      );
    case 'expired':
      return <MfaEndedPage title={intl.formatMessage(m.expiredTitle)} text={errorText('mfaExpired')} />;
  }
}
