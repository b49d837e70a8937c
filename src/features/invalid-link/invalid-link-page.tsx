import { useIntl, type MessageDescriptor } from 'react-intl';
import { appMessages } from '../../i18n/app-messages.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { RouteLink } from '../../shell/route-link.tsx';
import type { LinkReason } from '../../shell/search.ts';
import { cx } from '../../ui/cx.ts';
import { Page } from '../../ui/page.tsx';
import styles from '../features.module.css';
import { invalidLinkMessages as m } from './invalid-link-messages.ts';

export type InvalidLinkKind = 'activation' | 'buyerActivation' | 'reset';

type NextStep = 'login' | 'forgotPassword' | 'register';

const CONTENT: Record<InvalidLinkKind, Record<LinkReason, { title: MessageDescriptor; body: MessageDescriptor; next: NextStep[] }>> = {
  activation: {
    used: { title: m.activationUsedTitle, body: m.activationUsedBody, next: ['login', 'forgotPassword'] },
    expired: { title: m.activationExpiredTitle, body: m.activationExpiredBody, next: ['register', 'login'] },
    notFound: { title: m.activationNotFoundTitle, body: m.activationNotFoundBody, next: ['register', 'login'] },
    wrongUrl: { title: m.activationWrongUrlTitle, body: m.activationWrongUrlBody, next: ['register', 'login'] },
    userNotFound: { title: m.activationUserNotFoundTitle, body: m.activationUserNotFoundBody, next: ['register'] },
  },
  buyerActivation: {
    used: { title: m.buyerUsedTitle, body: m.buyerUsedBody, next: ['login', 'forgotPassword'] },
    expired: { title: m.buyerExpiredTitle, body: m.buyerExpiredBody, next: ['login'] },
    notFound: { title: m.buyerNotFoundTitle, body: m.buyerNotFoundBody, next: ['login'] },
    wrongUrl: { title: m.buyerWrongUrlTitle, body: m.buyerWrongUrlBody, next: ['login'] },
    userNotFound: { title: m.buyerUserNotFoundTitle, body: m.buyerUserNotFoundBody, next: ['login'] },
  },
  reset: {
    used: { title: m.resetUsedTitle, body: m.resetUsedBody, next: ['login', 'forgotPassword'] },
    expired: { title: m.resetExpiredTitle, body: m.resetExpiredBody, next: ['forgotPassword', 'login'] },
    notFound: { title: m.resetNotFoundTitle, body: m.resetNotFoundBody, next: ['forgotPassword', 'login'] },
    wrongUrl: { title: m.resetWrongUrlTitle, body: m.resetWrongUrlBody, next: ['forgotPassword', 'login'] },
    userNotFound: { title: m.resetUserNotFoundTitle, body: m.resetUserNotFoundBody, next: ['register', 'login'] },
  },
};

const NEXT: Record<NextStep, { to: string; label: MessageDescriptor }> = {
  login: { to: '/{-$lang}/login', label: m.logIn },
  forgotPassword: { to: '/{-$lang}/forget-password', label: m.forgotPassword },
  register: { to: '/{-$lang}/users/register', label: m.register },
};

/** SPEC §8 activation and reset link pages: what happened to the link and what to do next. */
export function InvalidLinkPage({ link, reason }: { link: InvalidLinkKind; reason: LinkReason }) {
  const intl = useIntl();
  const settings = useSettings();
  const content = CONTENT[link][reason];
  const supportEmail = settings?.supportEmail ?? intl.formatMessage(appMessages.supportTeam);
  return (
    <Page title={intl.formatMessage(content.title)}>
      <p>{intl.formatMessage(content.body, { supportEmail })}</p>
      <h2 className={cx(styles.subheading)}>{intl.formatMessage(m.nextSteps)}</h2>
      <ul className={cx(styles.links)}>
        {content.next.map((step) => (
          <li key={step}>
            <RouteLink to={NEXT[step].to}>{intl.formatMessage(NEXT[step].label)}</RouteLink>
          </li>
        ))}
      </ul>
    </Page>
  );
}
