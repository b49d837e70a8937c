import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { studentMemberUpgradeMachine } from '../../../machines/upgrade/student-member-upgrade.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { EmailCode as SharedEmailCode, type EmailCodeActor } from './email-code-step.tsx';
import { upgradeMessages as m } from './upgrade-messages.ts';

/*
 * The forms of the student-member upgrade's steps: apart from the dialog's shell, so the dialog
 * opens (intro, or a refusal) without them; they download on the first pointer or key press, or
 * at once when the upgrade resumes at one of them (docs/decisions/performance.md).
 */

type UpgradeActor = ActorRefFrom<typeof studentMemberUpgradeMachine>;
type UpgradeSnapshot = SnapshotFrom<typeof studentMemberUpgradeMachine>;

const FIELD_NAMES = {
  acceptTerms: m.acceptTerms,
  subscribe: m.subscribe,
  newPassword: m.newPassword,
  confirmNewPassword: m.confirmNewPassword,
  loginId: m.memberLogin,
  password: m.memberPassword,
};

/** Refusal states that name their code (the machine keeps it in `errorCode`). */
const REFUSAL_STATES: ReadonlySet<string> = new Set(['wrongLogin', 'notMember', 'throttled', 'emailTaken']);

/** The refusal shown in a form step: the kept code, in a refusal state of its own. */
function stepRefusal(snapshot: UpgradeSnapshot): ShownErrorCode | null {
  return snapshot._nodes.some((node) => REFUSAL_STATES.has(node.key)) ? snapshot.context.errorCode : null;
}

/** Any failure without a state of its own shows the SPEC's one upgrade message. */
function stepFailed(snapshot: UpgradeSnapshot): boolean {
  return snapshot._nodes.some((node) => node.key === 'failed');
}

/** The step's submit handler and attempt count. */
function useStepSubmit(actor: UpgradeActor) {
  return useSubmit(() => actor.send({ type: 'form.submit' }));
}

function FormErrors({ actor, attempt }: { actor: UpgradeActor; attempt: number }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failed = useSelector(actor, stepFailed);
  const refusal = useSelector(actor, stepRefusal);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const { summary } = useFieldErrors(issues, FIELD_NAMES);
  const text = failed ? intl.formatMessage(m.failed) : refusal ? refusalText(refusal, { holdUntil }) : null;
  const items = text ? [{ text }] : summary.map((item) => ({ ...item, fieldId: `upgrade-${item.fieldId}` }));
  return <ErrorSummary items={items} focusKey={attempt} />;
}

export function TermsStep({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  const accepted = useSelector(actor, (snapshot) => snapshot.context.values.acceptTerms);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { errorFor } = useFieldErrors(issues, FIELD_NAMES);
  const { attempt, onSubmit } = useStepSubmit(actor);
  return (
    <>
      <h3>{intl.formatMessage(m.termsHeading)}</h3>
      <FormErrors actor={actor} attempt={attempt} />
      <p>{intl.formatMessage(m.termsBody)}</p>
      <form noValidate onSubmit={onSubmit}>
        <Checkbox
          id="upgrade-acceptTerms"
          label={intl.formatMessage(m.acceptTerms)}
          error={errorFor('acceptTerms')}
          checked={accepted}
          onCheckedChange={(value) => actor.send({ type: 'form.change', field: 'acceptTerms', value })}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.saving : m.continue)}
        </Button>
      </form>
    </>
  );
}

export function EmailCode({ actor }: { actor: UpgradeActor }) {
  return <SharedEmailCode actor={actor as unknown as EmailCodeActor} />;
}

export function SubscribeStep({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  const subscribe = useSelector(actor, (snapshot) => snapshot.context.values.subscribe);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { errorFor } = useFieldErrors(issues, FIELD_NAMES);
  const { attempt, onSubmit } = useStepSubmit(actor);
  return (
    <>
      <h3>{intl.formatMessage(m.subscribeHeading)}</h3>
      <FormErrors actor={actor} attempt={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <RadioGroup
          id="upgrade-subscribe"
          legend={intl.formatMessage(m.subscribe)}
          error={errorFor('subscribe')}
          options={[
            { value: 'yes', label: intl.formatMessage(m.subscribeYes) },
            { value: 'no', label: intl.formatMessage(m.subscribeNo) },
          ]}
          value={subscribe === null ? null : subscribe ? 'yes' : 'no'}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'subscribe', value: value === 'yes' })}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.saving : m.continue)}
        </Button>
      </form>
    </>
  );
}

export function LinkStep({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const refusal = useSelector(actor, stepRefusal);
  const { errorFor } = useFieldErrors(issues, FIELD_NAMES);
  const { attempt, onSubmit } = useStepSubmit(actor);
  const change = (field: 'newPassword' | 'confirmNewPassword' | 'loginId' | 'password') => (value: string) => actor.send({ type: 'form.change', field, value });
  const loginRefusal = refusal === 'wrongPasswordOrUserNotFound' || refusal === 'upgradeLinkNotMember' ? refusalText(refusal) : null;
  return (
    <>
      <h3>{intl.formatMessage(m.linkHeading)}</h3>
      <FormErrors actor={actor} attempt={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <RadioGroup
          id="upgrade-mode"
          legend={intl.formatMessage(m.mode)}
          options={[
            { value: 'create', label: intl.formatMessage(m.modeCreate), hint: intl.formatMessage(m.modeCreateHint, { email: values.email }) },
            { value: 'link', label: intl.formatMessage(m.modeLink) },
          ]}
          value={values.mode}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'mode', value })}
        />
        {values.mode === 'create' ? (
          <>
            <PasswordInput id="upgrade-newPassword" label={intl.formatMessage(m.newPassword)} error={errorFor('newPassword')} value={values.newPassword} onValueChange={change('newPassword')} autoComplete="new-password" />
            <PasswordInput
              id="upgrade-confirmNewPassword"
              label={intl.formatMessage(m.confirmNewPassword)}
              error={errorFor('confirmNewPassword')}
              value={values.confirmNewPassword}
              onValueChange={change('confirmNewPassword')}
              autoComplete="new-password"
            />
          </>
        ) : (
          <>
            <TextInput id="upgrade-loginId" label={intl.formatMessage(m.memberLogin)} error={loginRefusal ?? errorFor('loginId')} value={values.loginId} onValueChange={change('loginId')} autoComplete="username" autoCapitalize="none" spellCheck={false} />
            <PasswordInput id="upgrade-password" label={intl.formatMessage(m.memberPassword)} error={errorFor('password')} value={values.password} onValueChange={change('password')} autoComplete="current-password" />
          </>
        )}
        <ButtonGroup>
          <Button type="submit" busy={busy}>
            {intl.formatMessage(busy ? m.finishing : m.finish)}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'step.back' })}>
            {intl.formatMessage(m.back)}
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}

