import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRef, MachineSnapshot } from 'xstate';
import type { PasswordSignInContext, PasswordSignInEvent } from '../../../machines/login/password-sign-in.ts';
import { fieldNames, LOGIN_ID_OR_EMAIL_WORDING } from '../../i18n/field-messages.ts';
import { formRefusal, useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { PasswordChallenge } from './password-challenge.tsx';

/** A machine of the throttled password sign-in (machines/login/password-sign-in.ts): the password login or the third-party link. */
// Any children, state value, tags, output and meta: the two machines differ only there.
export type SignInActor = ActorRef<MachineSnapshot<PasswordSignInContext, PasswordSignInEvent, any, any, any, any, any, any>, PasswordSignInEvent>;

/** On this form the `loginId` field takes a login ID or a login email. */
const FIELD_WORDING = LOGIN_ID_OR_EMAIL_WORDING;

/**
 * The throttled password sign-in's form, written once: the error summary (a hold names its end,
 * Hong Kong time to the second, as the first waits are seconds long; the challenge's message leads
 * to its widget, every other refusal to the login field), the login ID or email, the password,
 * the challenge's widget once asked for, and the submit button. `children` come between the
 * summary and the form.
 */
export function PasswordSignInForm({
  actor,
  hint,
  submit,
  submitting,
  children,
  passkeyAutofill = false,
}: {
  actor: SignInActor;
  /** The login page: the login field also takes passkeys from the browser's suggestions (`autocomplete="username webauthn"`). */
  passkeyAutofill?: boolean;
  /** The login field's hint. */
  hint: MessageDescriptor;
  submit: MessageDescriptor;
  submitting: MessageDescriptor;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, formRefusal);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { summary, errorFor } = useFieldErrors(issues, FIELD_WORDING);
  const refusalText = useRefusalText();
  const { attempt, onSubmit } = useSubmit(() => actor.send({ type: 'form.submit' }));

  const failureText = (code: NonNullable<typeof failure>) => refusalText(code, { holdUntil });
  const items = failure ? [{ fieldId: failure === 'loginChallengeRequired' ? 'recaptcha' : 'loginId', text: failureText(failure) }, ...summary] : summary;

  return (
    <>
      <ErrorSummary items={items} focusKey={attempt} />
      {children}
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="loginId"
          label={intl.formatMessage(fieldNames.loginIdOrEmail)}
          hint={intl.formatMessage(hint)}
          error={errorFor('loginId')}
          value={values.loginId}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'loginId', value })}
          autoComplete={passkeyAutofill ? 'username webauthn' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
        />
        <PasswordInput
          id="password"
          label={intl.formatMessage(fieldNames.password)}
          error={errorFor('password')}
          value={values.password}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'password', value })}
          autoComplete="current-password"
        />
        <PasswordChallenge actor={actor} error={errorFor('recaptcha')} />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? submitting : submit)}
        </Button>
      </form>
    </>
  );
}
