import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { changePasswordMachine } from '../../../machines/change-password/change-password.machine.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { FormPage } from '../../ui/form-page.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { changePasswordMessages as m } from './change-password-messages.ts';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';
import { DonePage } from '../../ui/status-pages.tsx';
import { useFormState } from '../../ui/use-form-state.ts';

type ChangePasswordActor = ActorRefFrom<typeof changePasswordMachine>;

export interface ChangePasswordViewProps {
  actor: ChangePasswordActor;
  /** The signed-in account's login ID and emails, which make a password weak. */
  userInputs?: readonly string[];
}

function ChangeForm({ actor, userInputs }: ChangePasswordViewProps) {
  const intl = useIntl();
  const form = useFormState(actor);
  const policy = useSelector(actor, (snapshot) => snapshot.context.policy);

  return (
    <FormPage messages={m} form={form} link={{ to: '/{-$lang}/forget-password', text: m.forgotCurrent }}>
      <PasswordInput {...form.field('currentPassword')} label={intl.formatMessage(fieldNames.currentPassword)} autoComplete="current-password" />
      <NewPasswordFields policy={policy} values={form.values} errorFor={form.errorFor} onChange={form.set} userInputs={userInputs ?? []} />
    </FormPage>
  );
}

function Changed({ actor }: { actor: ChangePasswordActor }) {
  const intl = useIntl();
  return (
    <DonePage title={intl.formatMessage(m.doneTitle)} body={intl.formatMessage(m.doneBody)}>
      <ButtonGroup>
        <Button variant="secondary" onClick={() => actor.send({ type: 'form.restart' })}>
          {intl.formatMessage(m.again)}
        </Button>
        <RouteLink to="/{-$lang}/profile">{intl.formatMessage(m.backToProfile)}</RouteLink>
      </ButtonGroup>
    </DonePage>
  );
}

/** Change password while signed in: current, new (with rules and meter), confirmation. */
export function ChangePasswordView({ actor, userInputs }: ChangePasswordViewProps) {
  const done = useSelector(actor, (snapshot) => snapshot.matches('done'));
  // Each step is its own Page, so arriving at it moves focus to its heading.
  return done ? <Changed actor={actor} /> : <ChangeForm actor={actor} userInputs={userInputs ?? []} />;
}
