import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { LoginQrCodeState } from '../../../contract/schemas/login-qr.ts';
import type { loginQrCodeMachine } from '../../../machines/login-qr/login-qr-code.machine.ts';
import { hkDateTime } from '../../i18n/hk-time.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { RetryPage, WaitingPage } from '../../ui/status-pages.tsx';
import shared from '../features.module.css';
import styles from './login-qr-code.module.css';
import { loginQrCodeMessages as m } from './login-qr-code-messages.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { usePrefetchDialog } from '../../ui/lazy-dialog.tsx';
import { QrImage } from './qr-image.tsx';

type LoginQrCodeActor = ActorRefFrom<typeof loginQrCodeMachine>;

type Screen =
  | 'loading'
  | 'showing.current'
  | 'showing.refreshed'
  | 'showing.made'
  | 'confirmingRefresh'
  | 'confirmingLose'
  | 'refreshing'
  | 'making'
  | 'losing'
  | 'lost'
  | 'expired'
  | 'none'
  | 'forbidden'
  | 'failed';

const SCREENS: readonly Screen[] = ['showing.refreshed', 'showing.made', 'showing.current', 'confirmingRefresh', 'confirmingLose', 'refreshing', 'making', 'losing', 'lost', 'expired', 'none', 'forbidden', 'failed'];

function screenOf(snapshot: SnapshotFrom<typeof loginQrCodeMachine>): Screen {
  for (const screen of SCREENS) {
    const [parent, child] = screen.split('.') as [string, string | undefined];
    if (child ? snapshot.matches({ [parent]: child } as never) : snapshot.matches(parent as never)) return screen;
  }
  return 'loading';
}

function Dates({ code }: { code: LoginQrCodeState }) {
  const intl = useIntl();
  const rows: Array<{ label: string; value: string }> = [];
  if (code.status !== 'none') rows.push({ label: intl.formatMessage(m.createdAt), value: hkDateTime(intl, code.createdAt) });
  if (code.status === 'active' || code.status === 'expired') rows.push({ label: intl.formatMessage(m.expiresAt), value: hkDateTime(intl, code.expiresAt) });
  if (code.status === 'lost') rows.push({ label: intl.formatMessage(m.lostAt), value: hkDateTime(intl, code.lostAt) });
  if (rows.length === 0) return null;
  return (
    <dl className={cx(shared.summaryList)}>
      {rows.map((row) => (
        <div key={row.label} className={cx(shared.summaryRow)}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ConfirmStep({ actor, screen }: { actor: LoginQrCodeActor; screen: 'confirmingRefresh' | 'confirmingLose' }) {
  const intl = useIntl();
  const refresh = screen === 'confirmingRefresh';
  return (
    <ConfirmDialog
      actor={actor}
      title={intl.formatMessage(refresh ? m.confirmRefreshTitle : m.confirmLoseTitle)}
      description={intl.formatMessage(refresh ? m.confirmRefreshBody : m.confirmLoseBody)}
      confirm={intl.formatMessage(refresh ? m.confirmRefresh : m.confirmLose)}
    />
  );
}

/** The current code with its dates, download and print, and the ways to replace or stop it. */
function CurrentCode({ actor, code, screen }: { actor: LoginQrCodeActor; code: Extract<LoginQrCodeState, { status: 'active' }>; screen: Screen }) {
  const intl = useIntl();
  return (
    <>
      {screen === 'showing.refreshed' || screen === 'showing.made' ? (
        <Notice tone="success" title={intl.formatMessage(m.refreshedTitle)} live>
          {/* Only a code that replaced a working one stopped anything (issue 26). */}
          <p>{intl.formatMessage(screen === 'showing.refreshed' ? m.refreshedBody : m.madeBody)}</p>
        </Notice>
      ) : null}
      <QrImage text={code.code} loginId={code.loginId} displayName={code.displayName} />
      <dl className={cx(shared.summaryList)}>
        <div className={cx(shared.summaryRow)}>
          <dt>{intl.formatMessage(m.name)}</dt>
          <dd>{code.displayName}</dd>
        </div>
        <div className={cx(shared.summaryRow)}>
          <dt>{intl.formatMessage(m.loginId)}</dt>
          <dd>{code.loginId}</dd>
        </div>
      </dl>
      <Dates code={code} />
      <div className={cx(styles.actions)}>
        <Button variant="secondary" onClick={() => window.print()}>
          {intl.formatMessage(m.print)}
        </Button>
        <Button variant="secondary" onClick={() => actor.send({ type: 'code.refresh' })}>
          {intl.formatMessage(m.refresh)}
        </Button>
        <Button variant="warning" onClick={() => actor.send({ type: 'code.lose' })}>
          {intl.formatMessage(m.lose)}
        </Button>
      </div>
      {screen === 'confirmingRefresh' || screen === 'confirmingLose' ? <ConfirmStep actor={actor} screen={screen} /> : null}
    </>
  );
}

/** The login QR code page (/profile/regen-qrcode): SPEC §2 "Regenerate login QR code". */
export function LoginQrCodeView({ actor }: { actor: LoginQrCodeActor }) {
  const intl = useIntl();
  const screen = useSelector(actor, screenOf);
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  usePrefetchDialog();
  const title = intl.formatMessage(m.title);

  const busy: Partial<Record<Screen, string>> = {
    loading: intl.formatMessage(m.loading),
    refreshing: intl.formatMessage(m.refreshing),
    making: intl.formatMessage(m.refreshing),
    losing: intl.formatMessage(m.losing),
  };
  const busyText = busy[screen];
  if (busyText) {
    return <WaitingPage title={title} label={busyText} />;
  }

  if (screen === 'forbidden') {
    return (
      <Page title={title}>
        <Notice tone="warning" title={intl.formatMessage(m.forbiddenTitle)}>
          <p>{intl.formatMessage(m.forbiddenBody)}</p>
        </Notice>
      </Page>
    );
  }

  if (screen === 'failed') {
    return <RetryPage actor={actor} title={title} heading={m.failedTitle} code={errorCode ?? 'unknown'} retry={m.retry} />;
  }

  if (code?.status === 'active' && (screen.startsWith('showing') || screen.startsWith('confirming'))) {
    return (
      <Page title={title} lead={intl.formatMessage(m.lead)}>
        <CurrentCode actor={actor} code={code} screen={screen} />
      </Page>
    );
  }

  const notice =
    screen === 'lost' ? { title: m.lostTitle, body: m.lostBody } : screen === 'expired' ? { title: m.expiredTitle, body: m.expiredBody } : { title: m.noneTitle, body: m.noneBody };
  return (
    <Page title={title}>
      <Notice tone={screen === 'none' ? 'info' : 'warning'} title={intl.formatMessage(notice.title)} live={screen === 'lost'}>
        <p>{intl.formatMessage(notice.body)}</p>
      </Notice>
      {code ? <Dates code={code} /> : null}
      <Button onClick={() => actor.send({ type: 'code.refresh' })}>{intl.formatMessage(m.create)}</Button>
    </Page>
  );
}
