import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/shell/session.machine.ts';
import type { User } from '../../../contract/schemas/account.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import styles from '../features.module.css';
import { categoryMessages, profileMessages } from './profile-messages.ts';

type SessionActor = ActorRefFrom<typeof sessionMachine>;

function UserSummary({ user }: { user: User }) {
  const intl = useIntl();
  const none = intl.formatMessage(profileMessages.none);
  const rows = [
    { key: 'loginId', label: profileMessages.loginId, value: user.loginId },
    { key: 'loginEmail', label: profileMessages.loginEmail, value: user.loginEmail ?? none },
    { key: 'category', label: profileMessages.category, value: intl.formatMessage(categoryMessages[user.category]) },
    { key: 'displayName', label: profileMessages.displayName, value: user.displayName || none },
    { key: 'school', label: profileMessages.school, value: user.schoolCode ?? none },
  ];
  return (
    <dl className={cx(styles.summaryList)}>
      {rows.map((row) => (
        <div key={row.key} className={cx(styles.summaryRow)}>
          <dt>{intl.formatMessage(row.label)}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The basic profile for now: a read-only summary of the session's user, and what the session
 * is doing when there is no user to show.
 */
export function ProfileSummaryView({ actor }: { actor: SessionActor }) {
  const intl = useIntl();
  const user = useSelector(actor, (snapshot) => (snapshot.matches('signedIn') ? snapshot.context.user : null));
  const phase = useSelector(actor, (snapshot) =>
    snapshot.matches('loading')
      ? 'loading'
      : snapshot.matches('loggingOut')
        ? 'loggingOut'
        : snapshot.matches('expired')
          ? 'expired'
          : snapshot.matches('unavailable')
            ? 'unavailable'
            : snapshot.matches('signedOut')
              ? 'signedOut'
              : 'signedIn',
  );
  const signedInPhase = useSelector(actor, (snapshot) =>
    snapshot.matches({ signedIn: 'refreshing' })
      ? 'refreshing'
      : snapshot.matches({ signedIn: 'refreshFailed' })
        ? 'refreshFailed'
        : snapshot.matches({ signedIn: 'logoutFailed' })
          ? 'logoutFailed'
          : 'idle',
  );
  const title = intl.formatMessage(profileMessages.summaryTitle);

  if (user) {
    return (
      <Page title={title} lead={intl.formatMessage(profileMessages.summaryLead)}>
        {signedInPhase === 'refreshing' ? <Spinner label={intl.formatMessage(profileMessages.refreshing)} /> : null}
        {signedInPhase === 'refreshFailed' ? (
          <Notice tone="warning" live>
            <p>{intl.formatMessage(profileMessages.refreshFailed)}</p>
            <Button variant="secondary" onClick={() => actor.send({ type: 'session.refresh' })}>
              {intl.formatMessage(profileMessages.retry)}
            </Button>
          </Notice>
        ) : null}
        {signedInPhase === 'logoutFailed' ? (
          <Notice tone="warning" live>
            <p>{intl.formatMessage(profileMessages.logoutFailed)}</p>
            <Button variant="secondary" onClick={() => actor.send({ type: 'session.logout' })}>
              {intl.formatMessage(profileMessages.logOutAgain)}
            </Button>
          </Notice>
        ) : null}
        <UserSummary user={user} />
      </Page>
    );
  }
  return (
    <Page title={title}>
      {phase === 'loading' ? <Spinner label={intl.formatMessage(profileMessages.loading)} /> : null}
      {phase === 'loggingOut' ? <Spinner label={intl.formatMessage(profileMessages.loggingOut)} /> : null}
      {phase === 'unavailable' ? (
        <Notice tone="warning" live>
          <p>{intl.formatMessage(profileMessages.unavailable)}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
            {intl.formatMessage(profileMessages.retry)}
          </Button>
        </Notice>
      ) : null}
      {phase === 'signedOut' || phase === 'expired' ? (
        <Notice>
          <p>{intl.formatMessage(phase === 'expired' ? profileMessages.expired : profileMessages.signedOut)}</p>
          <p>
            <RouteLink to="/{-$lang}/login">{intl.formatMessage(profileMessages.logIn)}</RouteLink>
          </p>
        </Notice>
      ) : null}
    </Page>
  );
}
