import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { SnapshotFrom } from 'xstate';
import { STEP_UP_VALIDITY_MINUTES } from '../../../contract/schemas/step-up.ts';
import type { stepUpMachine } from '../../../machines/step-up/step-up.machine.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { LazyDialog } from '../../ui/lazy-dialog.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useFormState } from '../../ui/use-form-state.ts';
import type { StepUpActor } from './step-up-dialog.tsx';
import { stepUpMessages as m } from './step-up-messages.ts';

type StepUpSnapshot = SnapshotFrom<typeof stepUpMachine>;
type Stage = 'loading' | 'loadFailed' | 'password' | 'code' | 'passkey' | 'email' | 'noProof';

/** The machine's top states each screen stands for; any other (the password's) is `password`. */
const STAGES: ReadonlyArray<readonly [state: string, stage: Stage]> = [
  ['loading', 'loading'],
  ['loadFailed', 'loadFailed'],
  ['code', 'code'],
  ['checkingCode', 'code'],
  ['passkey', 'passkey'],
  ['emailStart', 'email'],
  ['sendingCode', 'email'],
  ['emailCode', 'email'],
  ['checkingEmailCode', 'email'],
  ['noProof', 'noProof'],
];
const stageOf = (snapshot: StepUpSnapshot): Stage => STAGES.find(([state]) => snapshot.matches(state as never))?.[1] ?? 'password';

/** The refusal shown now: a form's refusal state, a passkey refused, no proof, or the proofs unread. */
function dialogRefusal(snapshot: StepUpSnapshot): ShownErrorCode | null {
  const forms = ['editing', 'code', 'emailCode'] as const;
  const atRest = forms.some((form) => snapshot.matches({ [form]: 'idle' } as never) || snapshot.matches({ [form]: 'invalid' } as never));
  const refused = forms.some((form) => snapshot.matches(form)) || snapshot.matches({ passkey: 'failed' }) || snapshot.matches('noProof') || snapshot.matches('loadFailed');
  return refused && !atRest ? snapshot.context.errorCode : null;
}

const LEADS = { loading: m.leadAny, loadFailed: m.leadAny, noProof: m.leadAny, password: m.lead, code: m.leadCode, passkey: m.leadPasskey, email: m.leadEmail } as const;

/** The open dialog (loaded when a flow first needs it: src/features/step-up/step-up-dialog.tsx). */
export default function OpenStepUpDialog({ actor }: { actor: StepUpActor }) {
  const intl = useIntl();
  const stage = useSelector(actor, stageOf);
  const proofs = useSelector(actor, (snapshot) => snapshot.context.proofs);
  const notUsed = useSelector(actor, (snapshot) => snapshot.matches({ passkey: 'notUsed' }));
  const codeSent = useSelector(actor, (snapshot) => snapshot.matches('emailCode') || snapshot.matches('checkingEmailCode'));
  const form = useFormState(actor, { refusal: dialogRefusal, refusalFields: { authenticatorCodeWrong: 'code', authenticatorCodeUsed: 'code', codeWrong: 'code' } });
  const send = (type: 'dialog.cancel' | 'retry' | 'proof.password' | 'proof.passkey' | 'proof.code' | 'proof.email' | 'code.send') => actor.send({ type });
  // While the proofs are read nothing is sent yet: the dialog may be closed.
  const locked = form.busy && stage !== 'loading';
  const items = notUsed ? [{ text: intl.formatMessage(m.passkeyNotUsed) }] : form.items;
  const switches = (
    <ButtonGroup>
      {proofs?.passkey && stage !== 'passkey' ? (
        <Button variant="secondary" disabled={form.busy} onClick={() => send('proof.passkey')}>
          {intl.formatMessage(m.usePasskey)}
        </Button>
      ) : null}
      {proofs?.password && stage !== 'password' ? (
        <Button variant="secondary" disabled={form.busy} onClick={() => send('proof.password')}>
          {intl.formatMessage(m.usePassword)}
        </Button>
      ) : null}
      {proofs?.email && stage === 'passkey' ? (
        <Button variant="secondary" disabled={form.busy} onClick={() => send('proof.email')}>
          {intl.formatMessage(m.useEmail)}
        </Button>
      ) : null}
      {proofs?.authenticator && stage !== 'code' && stage !== 'email' ? (
        <Button variant="secondary" disabled={form.busy} onClick={() => send('proof.code')}>
          {intl.formatMessage(m.useCode)}
        </Button>
      ) : null}
      <Button variant="secondary" disabled={locked} onClick={() => send('dialog.cancel')}>
        {intl.formatMessage(m.cancel)}
      </Button>
    </ButtonGroup>
  );
  const confirm = (
    <Button type="submit" busy={form.busy}>
      {intl.formatMessage(form.busy ? m.submitting : m.submit)}
    </Button>
  );
  return (
    <LazyDialog
      onOpenChange={(open) => {
        if (!open && !locked) send('dialog.cancel');
      }}
      title={intl.formatMessage(m.title)}
      description={intl.formatMessage(LEADS[stage], { minutes: String(STEP_UP_VALIDITY_MINUTES) })}
    >
      <ErrorSummary items={items} focusKey={form.attempt} />
      {stage === 'loading' ? <Spinner /> : null}
      {stage === 'loadFailed' ? <Button onClick={() => send('retry')}>{intl.formatMessage(m.retry)}</Button> : null}
      {stage === 'password' ? (
        <form noValidate onSubmit={form.onSubmit}>
          <PasswordInput {...form.field('currentPassword')} label={intl.formatMessage(fieldNames.currentPassword)} autoComplete="current-password" />
          {confirm}
        </form>
      ) : null}
      {stage === 'code' ? (
        <form noValidate onSubmit={form.onSubmit}>
          <TextInput {...form.field('code')} label={intl.formatMessage(m.code)} hint={intl.formatMessage(m.codeHint)} autoComplete="one-time-code" inputMode="numeric" width={10} />
          {confirm}
        </form>
      ) : null}
      {stage === 'email' && codeSent ? (
        <form noValidate onSubmit={form.onSubmit}>
          <TextInput {...form.field('code')} label={intl.formatMessage(m.emailCode)} hint={intl.formatMessage(m.emailCodeHint)} autoComplete="one-time-code" inputMode="numeric" width={10} />
          {confirm}
        </form>
      ) : null}
      {stage === 'email' ? (
        <Button variant={codeSent ? 'secondary' : 'primary'} busy={form.busy && !codeSent} disabled={form.busy && codeSent} onClick={() => send('code.send')}>
          {intl.formatMessage(form.busy && !codeSent ? m.sending : codeSent ? m.sendNew : m.sendCode)}
        </Button>
      ) : null}
      {stage === 'passkey' ? (
        <Button busy={form.busy} onClick={() => send('proof.passkey')}>
          {intl.formatMessage(form.busy ? m.passkeyBusy : m.usePasskey)}
        </Button>
      ) : null}
      {switches}
      {stage === 'password' || stage === 'noProof' ? (
        <p>
          <RouteLink to="/{-$lang}/forget-password">{intl.formatMessage(m.forgot)}</RouteLink>
        </p>
      ) : null}
    </LazyDialog>
  );
}
