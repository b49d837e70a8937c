import { useSelector } from '@xstate/react';
import { useIntl, type IntlShape } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { SIGN_IN_HISTORY_DAYS, type SignedInSession, type SignInHistoryEntry, type SignInMethod, type SignInOutcome } from '../../../contract/schemas/security.ts';
import type { securitySessionsMachine } from '../../../machines/security/security-sessions.machine.ts';
import { hkDateTime, hkTime } from '../../i18n/hk-time.ts';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import type { AppMessageDescriptor } from '../../i18n/define-messages.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import stacked from '../../ui/stacked-table.module.css';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { RetryPage, WaitingPage } from '../../ui/status-pages.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { usePrefetchDialog } from '../../ui/lazy-dialog.tsx';
import styles from './security.module.css';
import { securityMessages as m } from './security-messages.ts';

type SecurityActor = ActorRefFrom<typeof securitySessionsMachine>;

type Screen =
  | 'loading'
  | 'ready.idle'
  | 'ready.signedOutOne'
  | 'ready.signedOutOthers'
  | 'ready.signOutFailed'
  | 'confirmingOne'
  | 'confirmingOthers'
  | 'signingOutOne'
  | 'signingOutOthers'
  | 'failed';

const SCREENS: readonly Screen[] = [
  'ready.idle',
  'ready.signedOutOne',
  'ready.signedOutOthers',
  'ready.signOutFailed',
  'confirmingOne',
  'confirmingOthers',
  'signingOutOne',
  'signingOutOthers',
  'failed',
];

function screenOf(snapshot: SnapshotFrom<typeof securitySessionsMachine>): Screen {
  for (const screen of SCREENS) {
    const [parent, child] = screen.split('.') as [string, string | undefined];
    if (child ? snapshot.matches({ [parent]: child } as never) : snapshot.matches(parent as never)) return screen;
  }
  return 'loading';
}

const METHODS: Record<SignInMethod, AppMessageDescriptor> = {
  password: m.methodPassword,
  otp: m.methodOtp,
  qr: m.methodQr,
  google: m.methodGoogle,
  twoFactor: m.methodTwoFactor,
  passkey: m.methodPasskey,
};

const OUTCOMES: Record<SignInOutcome, AppMessageDescriptor> = {
  success: m.outcomeSuccess,
  wrongPassword: m.outcomeWrongPassword,
  wrongCode: m.outcomeWrongCode,
  throttled: m.outcomeThrottled,
  held: m.outcomeHeld,
  notAllowed: m.outcomeNotAllowed,
  inactive: m.outcomeInactive,
  failed: m.outcomeFailed,
  secondStepNotCompleted: m.outcomeSecondStepNotCompleted,
};

function device(intl: IntlShape, item: { browser: string | null; system: string | null }): string {
  return intl.formatMessage(m.browserOn, {
    browser: item.browser ?? intl.formatMessage(m.unknownBrowser),
    system: item.system ?? intl.formatMessage(m.unknownSystem),
  });
}

function SessionList({ actor, sessions }: { actor: SecurityActor; sessions: readonly SignedInSession[] }) {
  const intl = useIntl();
  const others = sessions.filter((session) => !session.current);
  return (
    <section aria-labelledby="security-sessions">
      <h2 id="security-sessions">{intl.formatMessage(m.sessionsHeading)}</h2>
      <ul className={cx(styles.sessions)}>
        {sessions.map((session) => (
          <li key={session.id} className={cx(styles.session)}>
            <p className={cx(styles.sessionTitle)}>
              {device(intl, session)}
              {session.current ? <span className={cx(styles.badge)}>{intl.formatMessage(m.current)}</span> : null}
            </p>
            <dl className={cx(styles.times)}>
              <div>
                <dt>{intl.formatMessage(m.signedInAt)}</dt>
                <dd>{hkDateTime(intl, session.signedInAt)}</dd>
              </div>
              <div>
                <dt>{intl.formatMessage(m.lastSeenAt)}</dt>
                <dd>{hkDateTime(intl, session.lastSeenAt)}</dd>
              </div>
            </dl>
            {session.current ? null : (
              <Button variant="secondary" onClick={() => actor.send({ type: 'session.signOut', sessionId: session.id })}>
                {intl.formatMessage(m.signOut, { device: device(intl, session) })}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Button variant="warning" onClick={() => actor.send({ type: 'others.signOut' })}>
          {intl.formatMessage(m.signOutOthers)}
        </Button>
      ) : (
        <p>{intl.formatMessage(m.onlyThis)}</p>
      )}
    </section>
  );
}

function History({ entries }: { entries: readonly SignInHistoryEntry[] }) {
  const intl = useIntl();
  const days = SIGN_IN_HISTORY_DAYS;
  return (
    <section aria-labelledby="security-history">
      <h2 id="security-history">{intl.formatMessage(m.historyHeading, { days })}</h2>
      {entries.length === 0 ? (
        <p>{intl.formatMessage(m.historyEmpty, { days })}</p>
      ) : (
        <div className={cx(styles.tableWrap)}>
          <table className={cx(styles.table, stacked.stacked)}>
            <caption>{intl.formatMessage(m.historyCaption)}</caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.colWhen)}</th>
                <th scope="col">{intl.formatMessage(m.colHow)}</th>
                <th scope="col">{intl.formatMessage(m.colOutcome)}</th>
                <th scope="col">{intl.formatMessage(m.colBrowser)}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                // Rows have no id of their own outside the server; their order is the server's.
                <tr key={`${entry.at}-${index}`}>
                  <td data-label={intl.formatMessage(m.colWhen)}>{hkTime(intl, entry.at)}</td>
                  <td data-label={intl.formatMessage(m.colHow)}>{intl.formatMessage(METHODS[entry.method])}</td>
                  <td data-label={intl.formatMessage(m.colOutcome)}>{intl.formatMessage(OUTCOMES[entry.outcome])}</td>
                  <td data-label={intl.formatMessage(m.colBrowser)}>{device(intl, entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ConfirmStep({ actor, screen, target }: { actor: SecurityActor; screen: 'confirmingOne' | 'confirmingOthers'; target: SignedInSession | undefined }) {
  const intl = useIntl();
  const one = screen === 'confirmingOne';
  return (
    <ConfirmDialog
      actor={actor}
      title={intl.formatMessage(one ? m.confirmOneTitle : m.confirmOthersTitle)}
      description={one ? intl.formatMessage(m.confirmOneBody, { device: target ? device(intl, target) : '' }) : intl.formatMessage(m.confirmOthersBody)}
      confirm={intl.formatMessage(one ? m.confirmOne : m.confirmOthers)}
    />
  );
}

/** The account's security page (/profile/security): sessions signed in now and the sign-in history. */
export function SecurityView({ actor }: { actor: SecurityActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const screen = useSelector(actor, screenOf);
  const sessions = useSelector(actor, (snapshot) => snapshot.context.sessions);
  const history = useSelector(actor, (snapshot) => snapshot.context.history);
  const target = useSelector(actor, (snapshot) => snapshot.context.target);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  usePrefetchDialog();
  const title = intl.formatMessage(m.title);

  if (screen === 'loading' || screen === 'signingOutOne' || screen === 'signingOutOthers') {
    return <WaitingPage title={title} label={intl.formatMessage(screen === 'loading' ? m.loading : m.signingOut)} />;
  }

  if (screen === 'failed') {
    return <RetryPage actor={actor} title={title} heading={m.failedTitle} code={errorCode ?? 'unknown'} retry={m.retry} />;
  }

  return (
    <Page title={title} lead={intl.formatMessage(m.lead)} wide>
      {screen === 'ready.signedOutOne' ? (
        <Notice tone="success" title={intl.formatMessage(m.signedOutOne)} live />
      ) : null}
      {screen === 'ready.signedOutOthers' ? (
        <Notice tone="success" title={intl.formatMessage(m.signedOutOthers)} live />
      ) : null}
      {screen === 'ready.signOutFailed' ? (
        <Notice tone="warning" title={intl.formatMessage(m.signOutFailedTitle)} live>
          <p>{errorText(errorCode ?? 'unknown')}</p>
        </Notice>
      ) : null}
      <SessionList actor={actor} sessions={sessions} />
      <History entries={history} />
      {screen === 'confirmingOne' || screen === 'confirmingOthers' ? (
        <ConfirmStep actor={actor} screen={screen} target={sessions.find((session) => session.id === target)} />
      ) : null}
    </Page>
  );
}
