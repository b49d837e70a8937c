import { useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { CONFIRMATION_LINK_HOURS, type SubscriptionService } from '../../../contract/constants.ts';
import type { EmailVerificationKind } from '../../../contract/schemas/verification.ts';
import type { emailVerificationMachine } from '../../../machines/email-verification/email-verification.machine.ts';
import { hkTime } from '../../i18n/hk-time.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { RetryPage, WaitingPage } from '../../ui/status-pages.tsx';
import { emailVerificationMessages as m } from './email-verification-messages.ts';

type EmailVerificationActor = ActorRefFrom<typeof emailVerificationMachine>;

const TITLES: Record<EmailVerificationKind, MessageDescriptor> = {
  login: m.titleLogin,
  contact: m.titleContact,
  teacher: m.titleTeacher,
  subscription: m.titleSubscription,
  mfa: m.titleMfa,
};

const VERIFIED: Record<EmailVerificationKind, MessageDescriptor> = {
  login: m.verifiedLogin,
  contact: m.verifiedContact,
  teacher: m.verifiedTeacher,
  subscription: m.verifiedSubscription,
  mfa: m.verifiedMfa,
};

export const SERVICE_NAMES: Record<SubscriptionService, MessageDescriptor> = {
  edPost: m.serviceEdPost,
  teacherInfo: m.serviceTeacherInfo,
  parentInfo: m.serviceParentInfo,
  studentInfo: m.serviceStudentInfo,
  DoNotCall: m.serviceDoNotCall,
};

type Outcome = 'checking' | 'checkFailed' | 'verified' | 'alreadyVerified' | 'expired' | 'invalid' | 'duplicated' | 'held';

const OUTCOMES: readonly Outcome[] = ['checkFailed', 'verified', 'alreadyVerified', 'expired', 'invalid', 'duplicated', 'held'];

/** Where the user goes next: the link's kind decides whether that is logging in, the profile or the newsletter page. */
function NextStep({ kind, outcome }: { kind: EmailVerificationKind; outcome: Outcome }) {
  const intl = useIntl();
  const success = outcome === 'verified' || outcome === 'alreadyVerified';
  if (kind === 'subscription') {
    return (
      <p>
        <RouteLink to="/{-$lang}/email-subscriptions">{intl.formatMessage(success ? m.toNewsletters : m.subscribeAgain)}</RouteLink>
      </p>
    );
  }
  if (kind === 'mfa') {
    // Confirmed: the tab that logged in goes on by itself. Otherwise the login starts again.
    if (success) return null;
    return (
      <p>
        <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.logIn)}</RouteLink>
      </p>
    );
  }
  if (kind === 'login' && success) {
    return (
      <ul>
        <li>
          <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.logIn)}</RouteLink>
        </li>
        <li>
          <RouteLink to="/{-$lang}/profile/emails">{intl.formatMessage(m.toProfile)}</RouteLink>
        </li>
      </ul>
    );
  }
  const teacher = kind === 'teacher';
  return (
    <p>
      <RouteLink to={teacher ? '/{-$lang}/profile/teacher' : '/{-$lang}/profile/emails'}>{intl.formatMessage(teacher ? m.toTeacherProfile : m.toProfile)}</RouteLink>
    </p>
  );
}

/** A verification link's page: checking, then what the link did and where to go next. Works signed out. */
export function EmailVerificationView({ actor }: { actor: EmailVerificationActor }) {
  const intl = useIntl();
  const kind = useSelector(actor, (snapshot) => snapshot.context.kind);
  const outcome = useSelector(actor, (snapshot): Outcome => OUTCOMES.find((state) => snapshot.matches(state)) ?? 'checking');
  const result = useSelector(actor, (snapshot) => snapshot.context.result);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const title = intl.formatMessage(TITLES[kind]);

  if (outcome === 'checking') {
    return <WaitingPage title={title} label={intl.formatMessage(m.checking)} />;
  }

  let notice;
  switch (outcome) {
    case 'verified': {
      const email = result?.email ?? '';
      const services = (result?.services ?? []).map((service) => intl.formatMessage(SERVICE_NAMES[service]));
      const body =
        kind === 'subscription' && services.length === 0
          ? intl.formatMessage(m.verifiedNoServices, { email })
          : intl.formatMessage(VERIFIED[kind], { email, services: intl.formatList(services, { type: 'conjunction' }) });
      notice = (
        <Notice tone="success" title={intl.formatMessage(m.verifiedTitle)} live>
          <p>{body}</p>
        </Notice>
      );
      break;
    }
    case 'alreadyVerified':
      notice = (
        <Notice tone="success" title={intl.formatMessage(m.alreadyVerifiedTitle)} live>
          <p>{intl.formatMessage(m.alreadyVerified)}</p>
        </Notice>
      );
      break;
    case 'expired':
      notice = (
        <Notice tone="warning" title={intl.formatMessage(m.expiredTitle)} live>
          <p>{intl.formatMessage(kind === 'subscription' ? m.expiredSubscription : kind === 'mfa' ? m.expiredMfa : m.expiredProfile, { hours: CONFIRMATION_LINK_HOURS })}</p>
        </Notice>
      );
      break;
    case 'invalid':
      notice = (
        <Notice tone="warning" title={intl.formatMessage(m.invalidTitle)} live>
          <p>{intl.formatMessage(m.invalidBody)}</p>
        </Notice>
      );
      break;
    case 'duplicated':
      notice = (
        <Notice tone="warning" title={intl.formatMessage(m.duplicatedTitle)} live>
          <p>{intl.formatMessage(m.duplicatedBody)}</p>
        </Notice>
      );
      break;
    case 'held':
      notice = (
        <Notice tone="warning" title={intl.formatMessage(m.heldTitle)} live>
          <p>{intl.formatMessage(m.heldBody, { holdUntil: hkTime(intl, holdUntil) })}</p>
        </Notice>
      );
      break;
    default:
      return <RetryPage actor={actor} title={title} heading={m.checkFailedTitle} code={errorCode ?? 'unknown'} retry={m.retry} />;
  }

  return (
    <Page title={title}>
      {notice}
      <NextStep kind={kind} outcome={outcome} />
    </Page>
  );
}
