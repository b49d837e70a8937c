import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { changePasswordMachine } from '../../../machines/change-password/change-password.machine.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import styles from '../features.module.css';
import { changePasswordMessages as m } from './change-password-messages.ts';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';

type ChangePasswordActor = ActorRefFrom<typeof changePasswordMachine>;
type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

export interface ChangePasswordViewProps {
  actor: ChangePasswordActor;
  /** The signed-in account's login ID and emails, which make a password weak. */
  userInputs?: readonly string[];
}

function failureOf(snapshot: ChangePasswordSnapshot) {
  return snapshot.matches({ editing: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null;
}

function ChangeForm({ actor, userInputs }: ChangePasswordViewProps) {
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const policy = useSelector(actor, (snapshot) => snapshot.context.policy);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, failureOf);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { summary, errorFor } = useFieldErrors(issues);
  const errorText = useErrorText();

  const items = failure ? [...summary, { text: errorText(failure) }] : summary;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };

  return (
    <Page title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)}>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <PasswordInput
          id="currentPassword"
          label={intl.formatMessage(fieldNames.currentPassword)}
          error={errorFor('currentPassword')}
          value={values.currentPassword}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'currentPassword', value })}
          autoComplete="current-password"
        />
        <NewPasswordFields
          policy={policy}
          values={values}
          errorFor={errorFor}
          onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
          userInputs={userInputs ?? []}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.submitting : m.submit)}
        </Button>
      </form>
      <p className={cx(styles.muted)}>
        <RouteLink to="/{-$lang}/forget-password">{intl.formatMessage(m.forgotCurrent)}</RouteLink>
      </p>
    </Page>
  );
}

function Changed({ actor }: { actor: ChangePasswordActor }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(m.doneTitle)}>
      <Notice tone="success" live>
        <p>{intl.formatMessage(m.doneBody)}</p>
      </Notice>
      <ButtonGroup>
        <Button variant="secondary" onClick={() => actor.send({ type: 'form.restart' })}>
          {intl.formatMessage(m.again)}
        </Button>
        <RouteLink to="/{-$lang}/profile">{intl.formatMessage(m.backToProfile)}</RouteLink>
      </ButtonGroup>
    </Page>
  );
}

/** Change password while signed in: current, new (with rules and meter), confirmation. */
export function ChangePasswordView({ actor, userInputs }: ChangePasswordViewProps) {
  const done = useSelector(actor, (snapshot) => snapshot.matches('done'));
  // Each step is its own Page, so arriving at it moves focus to its heading.
  return done ? <Changed actor={actor} /> : <ChangeForm actor={actor} userInputs={userInputs ?? []} />;
}
