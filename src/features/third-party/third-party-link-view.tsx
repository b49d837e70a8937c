import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { thirdPartyLinkMachine } from '../../../machines/third-party/third-party-link.machine.ts';
import { errorMessage } from '../../i18n/error-messages.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { formRefusal, useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Page } from '../../ui/page.tsx';
import { PasswordInput } from '../../ui/password-input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import { PasswordChallenge } from '../login/index.ts';
import { thirdPartyMessages as m } from './third-party-messages.ts';

type LinkActor = ActorRefFrom<typeof thirdPartyLinkMachine>;

const FIELD_NAMES = { loginId: fieldNames.loginIdOrEmail };
const HOLD_TIME = { timeZone: 'Asia/Hong_Kong', dateStyle: 'medium', timeStyle: 'medium' } as const;

/** /third-party-link: the existing account's login name and password attach the Google identity. */
export function ThirdPartyLinkView({ actor }: { actor: LinkActor }) {
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, formRefusal);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const finished = useSelector(actor, (snapshot) => snapshot.hasTag('done'));
  const secondFactor = useSelector(actor, (snapshot) => snapshot.matches('secondFactor'));
  const startAgain = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'thirdPartyFailed' }));
  const { summary, errorFor } = useFieldErrors(issues, FIELD_NAMES);
  const refusalText = useRefusalText();
  const [attempt, setAttempt] = useState(0);
  const title = intl.formatMessage(m.linkTitle);

  if (finished) {
    return (
      <Page title={title} focusHeading={false}>
        <Spinner label={intl.formatMessage(secondFactor ? m.secondFactor : m.linkDone)} />
      </Page>
    );
  }
  const failureText = (code: NonNullable<typeof failure>) =>
    code === 'loginThrottled' && holdUntil ? intl.formatMessage(errorMessage('loginThrottled'), { holdUntil: intl.formatDate(holdUntil, HOLD_TIME) }) : refusalText(code);
  // The challenge's message leads to its widget; every other refusal to the login field.
  const items = failure ? [{ fieldId: failure === 'loginChallengeRequired' ? 'recaptcha' : 'loginId', text: failureText(failure) }, ...summary] : summary;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };

  return (
    <Page title={title} lead={intl.formatMessage(m.linkLead)}>
      <ErrorSummary items={items} focusKey={attempt} />
      {startAgain ? (
        <p>
          <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.linkAgain)}</RouteLink>
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id="loginId"
          label={intl.formatMessage(fieldNames.loginIdOrEmail)}
          hint={intl.formatMessage(m.linkLoginIdHint)}
          error={errorFor('loginId')}
          value={values.loginId}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'loginId', value })}
          autoComplete="username"
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
          {intl.formatMessage(busy ? m.linkSubmitting : m.linkSubmit)}
        </Button>
      </form>
    </Page>
  );
}
