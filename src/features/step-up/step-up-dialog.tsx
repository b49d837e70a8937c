import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
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
import { stepUpMessages as m } from './step-up-messages.ts';

export type StepUpActor = ActorRefFrom<typeof stepUpMachine>;
type StepUpSnapshot = SnapshotFrom<typeof stepUpMachine>;
type Stage = 'loading' | 'loadFailed' | 'password' | 'code' | 'passkey' | 'noProof';

/** The machine's top states each screen stands for; any other (the password's) is `password`. */
const STAGES: ReadonlyArray<readonly [state: string, stage: Stage]> = [
  ['loading', 'loading'],
  ['loadFailed', 'loadFailed'],
  ['code', 'code'],
  ['checkingCode', 'code'],
  ['passkey', 'passkey'],
  ['noProof', 'noProof'],
];
const stageOf = (snapshot: StepUpSnapshot): Stage => STAGES.find(([state]) => snapshot.matches(state as never))?.[1] ?? 'password';

/** The refusal shown now: a form's refusal state, a passkey refused, no proof, or the proofs unread. */
function dialogRefusal(snapshot: StepUpSnapshot): ShownErrorCode | null {
  const atRest = snapshot.matches({ editing: 'idle' }) || snapshot.matches({ editing: 'invalid' }) || snapshot.matches({ code: 'idle' }) || snapshot.matches({ code: 'invalid' });
  const refused = snapshot.matches('editing') || snapshot.matches('code') || snapshot.matches({ passkey: 'failed' }) || snapshot.matches('noProof') || snapshot.matches('loadFailed');
  return refused && !atRest ? snapshot.context.errorCode : null;
}

/**
 * The step-up dialog over the page that asked for it (docs/decisions/step-up.md): the parent
 * flow's view renders it with the child actor it invoked (`snapshot.children.stepUp`), and it
 * closes by itself once the proof is given or the user cancels.
 */
export function StepUpDialog({ actor }: { actor: StepUpActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.status === 'active');
  return open ? <OpenStepUpDialog actor={actor} /> : null;
}

const LEADS = { loading: m.leadAny, loadFailed: m.leadAny, noProof: m.leadAny, password: m.lead, code: m.leadCode, passkey: m.leadPasskey } as const;

function OpenStepUpDialog({ actor }: { actor: StepUpActor }) {
  const intl = useIntl();
  const stage = useSelector(actor, stageOf);
  const proofs = useSelector(actor, (snapshot) => snapshot.context.proofs);
  const notUsed = useSelector(actor, (snapshot) => snapshot.matches({ passkey: 'notUsed' }));
  const form = useFormState(actor, { refusal: dialogRefusal, refusalFields: { authenticatorCodeWrong: 'code', authenticatorCodeUsed: 'code' } });
  const send = (type: 'dialog.cancel' | 'retry' | 'proof.password' | 'proof.passkey' | 'proof.code') => actor.send({ type });
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
      {proofs?.authenticator && stage !== 'code' ? (
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
