import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { studentMemberUpgradeMachine } from '../../../machines/upgrade/student-member-upgrade.machine.ts';
import { LOGIN_ID_OR_EMAIL_WORDING } from '../../i18n/field-messages.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { PasswordChallenge } from '../login/index.ts';
import { EmailCode as SharedEmailCode, type EmailCodeActor } from './email-code-step.tsx';
import { upgradeMessages as m } from './upgrade-messages.ts';
import { StepErrors, useWizardStep } from './wizard-step.tsx';

/*
 * The forms of the student-member upgrade's steps: apart from the dialog's shell, so the dialog
 * opens (intro, or a refusal) without them; they download on the first pointer or key press, or
 * at once when the upgrade resumes at one of them (docs/decisions/performance.md).
 */

type UpgradeActor = ActorRefFrom<typeof studentMemberUpgradeMachine>;

/** The link step's login takes a login ID or a login email. */
const FIELD_WORDING = LOGIN_ID_OR_EMAIL_WORDING;

export function TermsStep({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  const accepted = useSelector(actor, (snapshot) => snapshot.context.values.acceptTerms);
  const step = useWizardStep(actor, FIELD_WORDING);
  const { busy, errorFor, onSubmit } = step;
  return (
    <>
      <h3>{intl.formatMessage(m.termsHeading)}</h3>
      <StepErrors actor={actor} step={step} />
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
  const step = useWizardStep(actor, FIELD_WORDING);
  const { busy, errorFor, onSubmit } = step;
  return (
    <>
      <h3>{intl.formatMessage(m.subscribeHeading)}</h3>
      <StepErrors actor={actor} step={step} />
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
  const step = useWizardStep(actor, FIELD_WORDING);
  const { busy, refusal, errorFor, onSubmit } = step;
  const change = (field: 'newPassword' | 'confirmNewPassword' | 'loginId' | 'password') => (value: string) => actor.send({ type: 'form.change', field, value });
  const loginRefusal = refusal === 'wrongPasswordOrUserNotFound' || refusal === 'upgradeLinkNotMember' ? refusalText(refusal) : null;
  return (
    <>
      <h3>{intl.formatMessage(m.linkHeading)}</h3>
      <StepErrors actor={actor} step={step} />
      <form noValidate onSubmit={onSubmit}>
        <RadioGroup
          id="upgrade-mode"
          legend={intl.formatMessage(m.mode)}
          options={[
            { value: 'create', label: intl.formatMessage(m.modeCreate), hint: intl.formatMessage(m.modeCreateHint, { email: values.email }) },
            { value: 'link', label: intl.formatMessage(m.modeLink), hint: intl.formatMessage(m.modeLinkHint, { email: values.email }) },
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
            {/* Once the server asks for it (the member account had too many wrong passwords), as on the login page. */}
            <PasswordChallenge actor={actor} error={errorFor('recaptcha')} />
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

