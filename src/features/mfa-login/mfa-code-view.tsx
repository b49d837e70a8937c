import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { mfaCodeMachine } from '../../../machines/mfa-login/mfa-code.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { mfaLoginMessages as m } from './mfa-login-messages.ts';
import { MfaBusyPage, MfaFailedPage, MfaPage, MfaSharedPage, isSharedStage } from './mfa-stage-pages.tsx';

type MfaCodeActor = ActorRefFrom<typeof mfaCodeMachine>;
type MfaCodeSnapshot = SnapshotFrom<typeof mfaCodeMachine>;

type Stage = 'loading' | 'loadFailed' | 'authenticator' | 'recovery' | 'sendingLink' | 'linkFailed' | 'held' | 'expired' | 'done';

function stageOf(snapshot: MfaCodeSnapshot): Stage {
  if (snapshot.matches('authenticator') || snapshot.matches('checkingAuthenticator')) return 'authenticator';
  if (snapshot.matches('recovery') || snapshot.matches('checkingRecovery')) return 'recovery';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('sendingLink') || snapshot.matches('email')) return 'sendingLink';
  if (snapshot.matches('linkFailed')) return 'linkFailed';
  if (snapshot.matches('held')) return 'held';
  if (snapshot.matches('expired')) return 'expired';
  if (snapshot.matches('done')) return 'done';
  return 'loading';
}

/** The refusal the code form shows: the code kept in `errorCode` in a refusal state of `authenticator` or `recovery` (not `idle`, not `invalid`). */
function codeRefusal(snapshot: MfaCodeSnapshot): ShownErrorCode | null {
  for (const form of ['authenticator', 'recovery'] as const) {
    if (snapshot.matches(form) && !snapshot.matches({ [form]: 'idle' }) && !snapshot.matches({ [form]: 'invalid' })) return snapshot.context.errorCode;
  }
  return null;
}

function CodeForm({ actor, recovery }: { actor: MfaCodeActor; recovery: boolean }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const code = useSelector(actor, (snapshot) => snapshot.context.values.code);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, codeRefusal);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const recoveryCodes = useSelector(actor, (snapshot) => snapshot.context.factors?.recoveryCodes ?? 0);
  const { summary, errorFor } = useFieldErrors(issues);
  const { attempt, onSubmit } = useSubmit(() => actor.send({ type: 'form.submit' }));
  const refused = failure ? errorText(failure) : null;
  const items = refused ? [{ fieldId: 'code', text: refused }, ...summary] : summary;

  return (
    <>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="code"
          label={intl.formatMessage(recovery ? m.recoveryCode : m.authenticatorCode)}
          hint={recovery ? intl.formatMessage(m.recoveryHint, { count: recoveryCodes }) : intl.formatMessage(m.authenticatorHint)}
          error={refused ?? errorFor('code')}
          value={code}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'code', value })}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          {...(recovery ? {} : { inputMode: 'numeric' as const })}
          width={recovery ? 20 : 10}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.completing : m.logIn)}
        </Button>
      </form>
      <ButtonGroup>
        {recovery ? (
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'factor.authenticator' })}>
            {intl.formatMessage(m.useAuthenticator)}
          </Button>
        ) : recoveryCodes > 0 ? (
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'factor.recoveryCode' })}>
            {intl.formatMessage(m.useRecoveryCode)}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'factor.email' })}>
          {intl.formatMessage(m.useEmail)}
        </Button>
      </ButtonGroup>
    </>
  );
}

/** The second factor of an administrator with an authenticator app: its code, a recovery code, or the emailed link. */
export function MfaCodeView({ actor }: { actor: MfaCodeActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const stage = useSelector(actor, stageOf);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);

  if (isSharedStage(stage)) return <MfaSharedPage stage={stage} errorCode={errorCode} onRetry={() => actor.send({ type: 'retry' })} />;
  switch (stage) {
    case 'sendingLink':
      return <MfaBusyPage label={intl.formatMessage(m.sending)} />;
    case 'linkFailed':
      return (
        <MfaFailedPage title={intl.formatMessage(m.linkFailedTitle)} errorCode={errorCode}>
          <ButtonGroup>
            <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(m.retry)}</Button>
            <Button variant="secondary" onClick={() => actor.send({ type: 'factor.authenticator' })}>
              {intl.formatMessage(m.useAuthenticator)}
            </Button>
          </ButtonGroup>
        </MfaFailedPage>
      );
    case 'held':
      return (
        <MfaPage>
          <Notice tone="warning" title={intl.formatMessage(m.codesHeldTitle)} live>
            <p>{errorText('mfaCodeHeld', { holdUntil })}</p>
          </Notice>
          <Button onClick={() => actor.send({ type: 'factor.email' })}>{intl.formatMessage(m.useEmail)}</Button>
        </MfaPage>
      );
    default:
      return (
        <MfaPage lead={intl.formatMessage(m.codeLead)}>
          <CodeForm actor={actor} recovery={stage === 'recovery'} />
        </MfaPage>
      );
  }
}
