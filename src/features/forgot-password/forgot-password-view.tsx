import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { ForgotPasswordMethod, forgotPasswordMachine } from '../../../machines/forgot-password/forgot-password.machine.ts';
import type { ShownErrorCode } from '../../i18n/error-messages.ts';
import { formRefusal, useRefusalText } from '../../i18n/refusal-messages.ts';
import { fieldNames } from '../../i18n/field-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { RouteLink } from '../../shell/route-link.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary, type ErrorSummaryItem } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import styles from '../features.module.css';
import { forgotPasswordMessages as m } from './forgot-password-messages.ts';

type ForgotPasswordActor = ActorRefFrom<typeof forgotPasswordMachine>;

/** The field a refusal concerns, when there is one. */
const CODE_FIELDS: Partial<Record<ShownErrorCode, string>> = { emailNotFound: 'email', loginIdNotFound: 'loginId' };

/** This form's own words for a hold. */
const WORDING = { held: m.held };

function useRefusalItem(refusal: ShownErrorCode | null, holdUntil: string | null): ErrorSummaryItem | null {
  const refusalText = useRefusalText(WORDING);
  return refusal ? { fieldId: CODE_FIELDS[refusal], text: refusalText(refusal, { holdUntil }) } : null;
}

function ForgotForm({ actor }: { actor: ForgotPasswordActor }) {
  // Counts submissions so the error summary takes focus again when the same errors come back.
  const [attempt, setAttempt] = useState(0);
  const intl = useIntl();
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const refusal = useSelector(actor, formRefusal);
  const holdUntil = useSelector(actor, (snapshot) => snapshot.context.holdUntil);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { summary, errorFor } = useFieldErrors(issues);
  const refusalItem = useRefusalItem(refusal, holdUntil);

  const items = refusalItem ? [...summary, refusalItem] : summary;
  const fieldError = (field: 'email' | 'loginId') => errorFor(field) ?? (refusalItem?.fieldId === field ? refusalItem.text : null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((count) => count + 1);
    actor.send({ type: 'form.submit' });
  };

  return (
    <Page title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)}>
      <ErrorSummary items={items} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <RadioGroup<ForgotPasswordMethod>
          id="by"
          legend={intl.formatMessage(m.methodLegend)}
          options={[
            { value: 'email', label: intl.formatMessage(m.methodEmail) },
            { value: 'loginId', label: intl.formatMessage(m.methodLoginId) },
          ]}
          value={values.by}
          onValueChange={(by) => actor.send({ type: 'method.choose', by })}
        />
        {values.by === 'email' ? (
          <TextInput
            id="email"
            type="email"
            label={intl.formatMessage(fieldNames.email)}
            hint={intl.formatMessage(m.emailHint)}
            error={fieldError('email')}
            value={values.email}
            onValueChange={(value) => actor.send({ type: 'form.change', field: 'email', value })}
            autoComplete="email"
            spellCheck={false}
          />
        ) : (
          <TextInput
            id="loginId"
            label={intl.formatMessage(fieldNames.loginId)}
            hint={intl.formatMessage(m.loginIdHint)}
            error={fieldError('loginId')}
            value={values.loginId}
            onValueChange={(value) => actor.send({ type: 'form.change', field: 'loginId', value })}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            width={20}
          />
        )}
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? m.submitting : m.submit)}
        </Button>
      </form>
      <p className={cx(styles.muted)}>
        <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.backToLogin)}</RouteLink>
      </p>
    </Page>
  );
}

function Sent({ maskedEmail }: { maskedEmail: string }) {
  const intl = useIntl();
  const settings = useSettings();
  return (
    <Page title={intl.formatMessage(m.sentTitle)}>
      <Notice tone="success" live>
        <p>{intl.formatMessage(m.sentBody, { maskedEmail })}</p>
      </Notice>
      <p>{intl.formatMessage(m.sentSpam)}</p>
      {settings?.devMailbox ? (
        <p>
          <a href="/dev/mailbox">{intl.formatMessage(m.devMailbox)}</a>
        </p>
      ) : null}
    </Page>
  );
}

/** Forgot password: find the account by login email or login ID, and send it a reset link. */
export function ForgotPasswordView({ actor }: { actor: ForgotPasswordActor }) {
  const sentTo = useSelector(actor, (snapshot) => (snapshot.matches('sent') ? snapshot.context.maskedEmail : null));
  return sentTo !== null ? <Sent maskedEmail={sentTo} /> : <ForgotForm actor={actor} />;
}
