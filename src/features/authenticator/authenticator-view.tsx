import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { authenticatorMachine } from '../../../machines/authenticator/authenticator.machine.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { hkDate } from '../../i18n/hk-time.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SectionFailure, SectionLoadFailed } from '../../ui/section-failure.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
import { StepUpDialog } from '../step-up/index.ts';
import { authenticatorMessages as m } from './authenticator-messages.ts';

type AuthenticatorActor = ActorRefFrom<typeof authenticatorMachine>;
type AuthenticatorSnapshot = SnapshotFrom<typeof authenticatorMachine>;

/** The QR code's side in CSS pixels: large enough for a phone camera at arm's length. */
const QR_SIZE = 200;

/** The otpauth:// URI drawn as a PNG data URL; qrcode downloads only when a set-up is shown. */
async function drawQr(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { width: QR_SIZE, errorCorrectionLevel: 'M', margin: 4 });
}

/** The image of the set-up's URI. Drawing is the view's own work (pixels of what the machine holds), not a flow state. */
function SetupQr({ uri }: { uri: string }) {
  const intl = useIntl();
  const [drawn, setDrawn] = useState<{ uri: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    void drawQr(uri).then((src) => {
      if (live) setDrawn({ uri, src });
    });
    return () => {
      live = false;
    };
  }, [uri]);
  const src = drawn?.uri === uri ? drawn.src : null;
  return src ? <img src={src} alt={intl.formatMessage(m.qrAlt)} width={QR_SIZE} height={QR_SIZE} /> : <Spinner label={intl.formatMessage(m.drawing)} />;
}

function SetupForm({ actor }: { actor: AuthenticatorActor }) {
  const intl = useIntl();
  const form = useFormState(actor);
  const setup = useSelector(actor, (snapshot) => snapshot.context.setup);
  if (!setup) return null;
  return (
    <>
      <h3>{intl.formatMessage(m.scanHeading)}</h3>
      <p>{intl.formatMessage(m.scanLead)}</p>
      <SetupQr uri={setup.uri} />
      <p>
        {intl.formatMessage(m.secretLabel)}: <code data-testid="authenticator-secret">{setup.secret}</code>
      </p>
      <ErrorSummary items={form.items} focusKey={form.attempt} />
      <form noValidate onSubmit={form.onSubmit}>
        <TextInput
          {...form.field('code')}
          label={intl.formatMessage(m.code)}
          hint={intl.formatMessage(m.codeHint)}
          autoComplete="one-time-code"
          inputMode="numeric"
          width={10}
        />
        <ButtonGroup>
          <Button type="submit" busy={form.busy}>
            {intl.formatMessage(form.busy ? m.confirming : m.confirm)}
          </Button>
          <Button variant="secondary" disabled={form.busy} onClick={() => actor.send({ type: 'setup.cancel' })}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}

function RecoveryCodes({ actor }: { actor: AuthenticatorActor }) {
  const intl = useIntl();
  const codes = useSelector(actor, (snapshot) => snapshot.context.recoveryCodes);
  const file = `${intl.formatMessage(m.fileIntro)}\n\n${codes.join('\n')}\n`;
  return (
    <>
      <h3>{intl.formatMessage(m.codesHeading)}</h3>
      <Notice tone="warning">
        <p>{intl.formatMessage(m.codesLead)}</p>
      </Notice>
      <ol data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download="recovery-codes.txt">
          {intl.formatMessage(m.download)}
        </a>
      </p>
      <Button onClick={() => actor.send({ type: 'codes.saved' })}>{intl.formatMessage(m.saved)}</Button>
    </>
  );
}

/** The failure the section shows beside its buttons: `off.failed`, `on.failed` or `loadFailed`. */
function failureOf(snapshot: AuthenticatorSnapshot) {
  return snapshot.matches({ off: 'failed' }) || snapshot.matches({ on: 'failed' }) || snapshot.matches('loadFailed') ? (snapshot.context.errorCode ?? 'unknown') : null;
}

/**
 * A school administrator's authenticator app on /profile/login-info (docs/decisions/authenticator.md):
 * set it up (QR code, key as text, first code), the recovery codes shown once, new codes or removal
 * after a confirmation; the step-up dialog over it when the server wants a fresh proof.
 */
export function AuthenticatorView({ actor }: { actor: AuthenticatorActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const stage = useSelector(actor, (snapshot) => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('loadFailed')) return 'loadFailed';
    if (snapshot.matches('editing') || snapshot.matches('confirming') || snapshot.matches('steppingUpToConfirm')) return 'setup';
    if (snapshot.matches('showingCodes')) return 'codes';
    if (snapshot.matches('off') || snapshot.matches('beginning') || snapshot.matches('steppingUpToBegin')) return 'off';
    return 'on';
  });
  const status = useSelector(actor, (snapshot) => snapshot.context.status);
  const failure = useSelector(actor, failureOf);
  const beginning = useSelector(actor, (snapshot) => snapshot.matches('beginning'));
  const regenerating = useSelector(actor, (snapshot) => snapshot.matches('regenerating'));
  const removing = useSelector(actor, (snapshot) => snapshot.matches('removing'));
  const confirmRemove = useSelector(actor, (snapshot) => snapshot.matches({ on: 'confirmRemove' }));
  const confirmRegenerate = useSelector(actor, (snapshot) => snapshot.matches({ on: 'confirmRegenerate' }));
  const stepUp = useSelector(actor, (snapshot) => snapshot.children.stepUp);

  const failureText = failure ? refusalText(failure) : null;
  const failed = <SectionFailure text={failureText} />;

  let body;
  switch (stage) {
    case 'loading':
      body = <Spinner label={intl.formatMessage(m.loading)} />;
      break;
    case 'loadFailed':
      body = <SectionLoadFailed text={failureText} retryLabel={intl.formatMessage(m.retry)} onRetry={() => actor.send({ type: 'retry' })} />;
      break;
    case 'setup':
      body = <SetupForm actor={actor} />;
      break;
    case 'codes':
      body = <RecoveryCodes actor={actor} />;
      break;
    case 'off':
      body = (
        <>
          <p>{intl.formatMessage(m.offLead)}</p>
          {failed}
          <Button busy={beginning} onClick={() => actor.send({ type: 'setup.start' })}>
            {intl.formatMessage(beginning ? m.starting : m.setUp)}
          </Button>
        </>
      );
      break;
    default:
      body = (
        <>
          {status?.addedAt ? <p>{intl.formatMessage(m.onStatus, { date: hkDate(intl, status.addedAt) })}</p> : null}
          <p>{intl.formatMessage(m.codesLeft, { count: status?.recoveryCodesLeft ?? 0 })}</p>
          {failed}
          <ButtonGroup>
            <Button variant="secondary" busy={regenerating} disabled={removing} onClick={() => actor.send({ type: 'codes.ask' })}>
              {intl.formatMessage(regenerating ? m.regenerating : m.regenerate)}
            </Button>
            <Button variant="warning" busy={removing} disabled={regenerating} onClick={() => actor.send({ type: 'remove.ask' })}>
              {intl.formatMessage(removing ? m.removing : m.remove)}
            </Button>
          </ButtonGroup>
        </>
      );
  }

  return (
    <section aria-labelledby="authenticator-heading">
      <h2 id="authenticator-heading">{intl.formatMessage(m.heading)}</h2>
      {body}
      {confirmRegenerate ? (
        <ConfirmDialog
          actor={actor}
          variant="primary"
          title={intl.formatMessage(m.regenerateTitle)}
          description={intl.formatMessage(m.regenerateBody)}
          confirm={intl.formatMessage(m.regenerateConfirm)}
        />
      ) : null}
      {confirmRemove ? (
        <ConfirmDialog actor={actor} title={intl.formatMessage(m.removeTitle)} description={intl.formatMessage(m.removeBody)} confirm={intl.formatMessage(m.removeConfirm)} />
      ) : null}
      {stepUp ? <StepUpDialog actor={stepUp} /> : null}
    </section>
  );
}
