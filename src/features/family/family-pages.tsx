import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { hkRetry } from '../../i18n/hk-time.ts';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { familyMessages } from './family-messages.ts';

/* Pages and links the family home and its flows share (small: the home's own chunk holds them). */

/** The way to the student-member upgrade, for an account only a member may use families with. */
export function UpgradeLink() {
  const intl = useIntl();
  return (
    <p>
      <RouteLink to="/{-$lang}/profile/student-upgrade">{intl.formatMessage(familyMessages.upgrade)}</RouteLink>
    </p>
  );
}

/** What a refusal of the create or join form lets the user do next: add a login email, or upgrade. */
export function RefusalLinks({ refusal }: { refusal: ShownErrorCode | null }) {
  const intl = useIntl();
  if (refusal === 'familyNoLoginEmail') {
    return (
      <p>
        <RouteLink to="/{-$lang}/profile/emails">{intl.formatMessage(familyMessages.addLoginEmail)}</RouteLink>
      </p>
    );
  }
  if (refusal === 'familyStudentOnly') return <UpgradeLink />;
  return null;
}

/** A hold on family requests, until when (the family page, the join form). */
export function HeldPage({ holdUntil, live, children }: { holdUntil: string | null; live?: boolean; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(familyMessages.heldTitle)}>
      <Notice tone="warning" live={live}>
        <p>{intl.formatMessage(familyMessages.heldBody, { retry: hkRetry(intl, holdUntil) })}</p>
      </Notice>
      {children}
    </Page>
  );
}

/** A read that failed: why, and a retry (with `children` beside it). */
export function LoadFailedPage({ title, errorCode, onRetry, children }: { title: string; errorCode: ShownErrorCode | null; onRetry: () => void; children?: ReactNode }) {
  const intl = useIntl();
  const errorText = useErrorText();
  return (
    <Page title={title}>
      <ErrorSummary items={[{ text: errorText(errorCode ?? 'unknown') }]} />
      <ButtonGroup>
        <Button onClick={onRetry}>{intl.formatMessage(familyMessages.retry)}</Button>
        {children}
      </ButtonGroup>
    </Page>
  );
}
