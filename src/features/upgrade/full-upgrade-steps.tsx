import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { GENDERS, SELF_CLAIMED_ROLES } from '../../../contract/constants.ts';
import type { fullMemberUpgradeMachine } from '../../../machines/upgrade/full-member-upgrade.machine.ts';
import type { mobileVerificationMachine } from '../../../machines/mobile-verification/index.ts';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { CheckboxGroup } from '../../ui/checkbox-group.tsx';
import { Notice } from '../../ui/notice.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { LazyMobileVerificationView } from '../mobile-verification/index.ts';
import { EmailCode as SharedEmailCode, type EmailCodeActor } from './email-code-step.tsx';
import { fullUpgradeMessages as f } from './full-upgrade-messages.ts';
import { upgradeMessages as m } from './upgrade-messages.ts';
import { StepErrors, useWizardStep } from './wizard-step.tsx';

/*
 * The forms of the full-member upgrade's steps, apart from the dialog's shell (they download on
 * the first pointer or key press, or at once when the upgrade resumes at one of them): the shared
 * email-code step, the phone step (the mobile verification's own view on the child actor), and
 * the user information.
 */

type UpgradeActor = ActorRefFrom<typeof fullMemberUpgradeMachine>;
type MobileActor = ActorRefFrom<typeof mobileVerificationMachine>;


export function EmailCode({ actor }: { actor: UpgradeActor }) {
  return <SharedEmailCode actor={actor as unknown as EmailCodeActor} />;
}

/** The invoked mobile verification, once it is a statechart (the view's harness may stand a call in for it). */
function mobileChild(child: AnyActorRef | undefined): MobileActor | null {
  const snapshot = child?.getSnapshot() as { machine?: { id?: string } } | undefined;
  return snapshot?.machine?.id === 'mobileVerification' ? (child as MobileActor) : null;
}

export function PhoneStep({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const stage = useSelector(actor, (snapshot) =>
    snapshot.matches('confirmingPhone') ? 'saving' : snapshot.matches({ phone: 'unverified' }) ? 'unverified' : snapshot.matches({ phone: 'failed' }) ? 'failed' : 'verifying',
  );
  const child = useSelector(actor, (snapshot) => mobileChild(snapshot.children.mobileVerification as AnyActorRef | undefined));
  return (
    <>
      <h3>{intl.formatMessage(f.phoneHeading)}</h3>
      {stage === 'saving' ? <Spinner label={intl.formatMessage(f.phoneSaving)} /> : null}
      {stage === 'failed' ? (
        <>
          <Notice tone="warning" live>
            <p>{intl.formatMessage(m.failed)}</p>
          </Notice>
          <Button onClick={() => actor.send({ type: 'retry' })}>{intl.formatMessage(m.retry)}</Button>
        </>
      ) : null}
      {stage === 'unverified' ? (
        <>
          <Notice tone="warning" live>
            <p>{refusalText('upgradePhoneUnverified')}</p>
          </Notice>
          <Button onClick={() => actor.send({ type: 'phone.again' })}>{intl.formatMessage(f.phoneAgain)}</Button>
        </>
      ) : null}
      {stage === 'verifying' && child ? <LazyMobileVerificationView actor={child} embedded /> : null}
    </>
  );
}

export function InfoStep({ actor }: { actor: UpgradeActor }) {
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const step = useWizardStep(actor);
  const { busy, errorFor, onSubmit } = step;
  return (
    <>
      <h3>{intl.formatMessage(f.infoHeading)}</h3>
      <StepErrors actor={actor} step={step} />
      <form noValidate onSubmit={onSubmit}>
        <RadioGroup
          id="upgrade-gender"
          legend={intl.formatMessage(f.gender)}
          error={errorFor('gender')}
          // The profile's order (contract/constants.ts GENDERS), so the two forms agree (issue 26).
          options={GENDERS.map((gender) => ({ value: gender, label: intl.formatMessage(f[gender]) }))}
          value={values.gender === '' ? null : values.gender}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'gender', value: value as 'male' | 'female' })}
        />
        <TextInput
          id="upgrade-yearOfBirth"
          label={intl.formatMessage(f.yearOfBirth)}
          hint={intl.formatMessage(f.yearOfBirthHint)}
          error={errorFor('yearOfBirth')}
          value={values.yearOfBirth}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'yearOfBirth', value })}
          inputMode="numeric"
          autoComplete="bday-year"
          width={10}
        />
        <CheckboxGroup
          id="upgrade-roles"
          legend={intl.formatMessage(f.roles)}
          hint={intl.formatMessage(f.rolesHint)}
          error={errorFor('roles')}
          options={SELF_CLAIMED_ROLES.map((role) => ({ value: role, label: intl.formatMessage(f[role]) }))}
          value={values.roles}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'roles', value: value as typeof values.roles })}
        />
        <ButtonGroup>
          <Button type="submit" busy={busy}>
            {intl.formatMessage(busy ? f.finishing : f.finish)}
          </Button>
        </ButtonGroup>
      </form>
    </>
  );
}
