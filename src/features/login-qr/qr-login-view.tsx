import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { qrLoginMachine } from '../../../machines/login-qr/qr-login.machine.ts';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { WaitingPage } from '../../ui/status-pages.tsx';
import shared from '../features.module.css';
import styles from './qr-login.module.css';
import { qrLoginMessages as m } from './qr-login-messages.ts';

type QrLoginActor = ActorRefFrom<typeof qrLoginMachine>;

type Problem = 'cameraDenied' | 'cameraUnavailable' | 'photoUnreadable' | 'readFailed' | 'refused' | 'failed';
const PROBLEMS: readonly Problem[] = ['cameraDenied', 'cameraUnavailable', 'photoUnreadable', 'readFailed', 'refused', 'failed'];

type Screen = 'choosing' | Problem | 'starting' | 'scanning' | 'decoding' | 'signingIn' | 'done';

function screenOf(snapshot: SnapshotFrom<typeof qrLoginMachine>): Screen {
  for (const problem of PROBLEMS) if (snapshot.matches({ choosing: problem })) return problem;
  if (snapshot.matches({ camera: 'starting' })) return 'starting';
  if (snapshot.matches({ camera: 'scanning' })) return 'scanning';
  for (const state of ['decoding', 'signingIn', 'done'] as const) if (snapshot.matches(state)) return state;
  return 'choosing';
}

const PROBLEM_TEXT: Record<Exclude<Problem, 'refused' | 'failed'>, { title: MessageDescriptor; body: MessageDescriptor }> = {
  cameraDenied: { title: m.cameraDeniedTitle, body: m.cameraDeniedBody },
  cameraUnavailable: { title: m.cameraUnavailableTitle, body: m.cameraUnavailableBody },
  photoUnreadable: { title: m.photoUnreadableTitle, body: m.photoUnreadableBody },
  readFailed: { title: m.readFailedTitle, body: m.readFailedBody },
};

function ProblemNotice({ actor, problem }: { actor: QrLoginActor; problem: Problem }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  if (problem === 'refused') {
    // One message whatever the reason (SPEC §2): the school administrator can tell which.
    return (
      <Notice tone="warning" title={intl.formatMessage(m.refusedTitle)} live>
        <p>{intl.formatMessage(m.refusedBody)}</p>
      </Notice>
    );
  }
  if (problem === 'failed') {
    return (
      <Notice tone="warning" title={intl.formatMessage(m.failedTitle)} live>
        <p>{errorText(errorCode ?? 'unknown')}</p>
        <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(m.retry)}</Button>
      </Notice>
    );
  }
  const text = PROBLEM_TEXT[problem];
  return (
    <Notice tone="warning" title={intl.formatMessage(text.title)} live>
      <p>{intl.formatMessage(text.body)}</p>
    </Notice>
  );
}

/** The camera's picture while it scans; the stream belongs to the machine's camera actor. */
function Preview({ stream }: { stream: MediaStream | null }) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
    return () => {
      element.srcObject = null;
    };
  }, [stream]);
  return <video ref={video} className={cx(styles.preview)} muted playsInline aria-label={intl.formatMessage(m.preview)} />;
}

/** Camera or photo: the two ways to read the card. */
function Choices({ actor, problem }: { actor: QrLoginActor; problem: Problem | null }) {
  const intl = useIntl();
  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire `change` again.
    event.target.value = '';
    if (file) actor.send({ type: 'photo.choose', file });
  };
  return (
    <>
      {problem ? <ProblemNotice actor={actor} problem={problem} /> : null}
      <div className={cx(styles.choices)}>
        <div>
          <Button variant={problem === 'cameraDenied' || problem === 'cameraUnavailable' ? 'secondary' : 'primary'} onClick={() => actor.send({ type: 'camera.start' })}>
            {intl.formatMessage(m.useCamera)}
          </Button>
        </div>
        <Field id="qrPhoto" label={intl.formatMessage(m.choosePhoto)} hint={intl.formatMessage(m.choosePhotoHint)}>
          {(control) => <input {...control} className={cx(styles.fileInput)} type="file" accept="image/*" onChange={onPhoto} />}
        </Field>
      </div>
    </>
  );
}

/** Signing in with the login QR code (/qr-login): scan it with the camera or choose a photo of it. */
export function QrLoginView({ actor, redirectTo }: { actor: QrLoginActor; /** Carried back to the login page's link. */ redirectTo?: string | undefined }) {
  const intl = useIntl();
  const screen = useSelector(actor, screenOf);
  const stream = useSelector(actor, (snapshot) => snapshot.context.stream);
  const title = intl.formatMessage(m.title);

  if (screen === 'done') {
    return <WaitingPage title={title} focusHeading={false} label={intl.formatMessage(m.signedIn)} />;
  }
  if (screen === 'decoding' || screen === 'signingIn') {
    return <WaitingPage title={title} label={intl.formatMessage(screen === 'decoding' ? m.decoding : m.signingIn)} />;
  }
  if (screen === 'starting' || screen === 'scanning') {
    return (
      <Page title={title}>
        {screen === 'starting' ? <Spinner label={intl.formatMessage(m.starting)} /> : <p role="status">{intl.formatMessage(m.scanning)}</p>}
        <Preview stream={stream} />
        <Button variant="secondary" onClick={() => actor.send({ type: 'camera.stop' })}>
          {intl.formatMessage(m.stopCamera)}
        </Button>
      </Page>
    );
  }
  return (
    <Page title={title} lead={intl.formatMessage(m.lead)}>
      <Choices actor={actor} problem={screen === 'choosing' ? null : screen} />
      <ul className={cx(shared.links)}>
        <li>
          <RouteLink to="/{-$lang}/login" search={{ redirect: redirectTo }}>
            {intl.formatMessage(m.otherWays)}
          </RouteLink>
        </li>
      </ul>
    </Page>
  );
}
