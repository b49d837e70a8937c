import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { SsoExportFormat } from '../../../contract/schemas/sso-export.ts';
import type { ssoExportMachine } from '../../../machines/sso-export/sso-export.machine.ts';
import { useErrorText, useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { useSubmit } from '../../ui/use-submit.ts';
import { ssoExportMessages as messages } from './sso-export-messages.ts';

type SsoExportActor = ActorRefFrom<typeof ssoExportMachine>;


/** Export of identity-provider accounts: choose the provider, download its file. */
export function SsoExportView({ actor }: { actor: SsoExportActor }) {
  const intl = useIntl();
  const format = useSelector(actor, (snapshot) => snapshot.context.values.format);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const file = useSelector(actor, (snapshot) => (snapshot.matches('downloaded') ? snapshot.context.file : null));
  const failure = useSelector(actor, (snapshot) => (snapshot.matches('failed') ? (snapshot.context.errorCode ?? 'unknown') : null));
  const { summary, errorFor } = useFieldErrors(issues);
  const errorText = useErrorText();
  const submit = useCallback(() => actor.send({ type: 'form.submit' }), [actor]);
  const { attempt, onSubmit } = useSubmit(submit);

  const title = intl.formatMessage(messages.title);
  if (file !== null) {
    return (
      <Page title={title}>
        <Notice tone="success" live title={intl.formatMessage(messages.downloadedTitle)}>
          <p>{intl.formatMessage(messages.downloaded, { fileName: file.fileName, size: file.bytes })}</p>
        </Notice>
        <Button type="button" onClick={() => actor.send({ type: 'export.restart' })}>
          {intl.formatMessage(messages.another)}
        </Button>
      </Page>
    );
  }
  if (failure !== null) {
    return (
      <Page title={title}>
        <div role="alert">
          <Notice tone="warning" title={intl.formatMessage(messages.failedTitle)}>
            <p>{errorText(failure)}</p>
          </Notice>
        </div>
        <Button type="button" onClick={() => actor.send({ type: 'retry' })}>
          {intl.formatMessage(messages.retry)}
        </Button>{' '}
        <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'export.restart' })}>
          {intl.formatMessage(messages.chooseAgain)}
        </Button>
      </Page>
    );
  }

  return (
    <Page title={title} lead={intl.formatMessage(messages.lead)}>
      <ErrorSummary items={summary} focusKey={attempt} />
      <form noValidate onSubmit={onSubmit}>
        <RadioGroup<SsoExportFormat>
          id="format"
          legend={intl.formatMessage(messages.format)}
          error={errorFor('format')}
          value={format}
          options={[
            { value: 'google', label: intl.formatMessage(messages.google), hint: intl.formatMessage(messages.googleHint) },
            { value: 'entra', label: intl.formatMessage(messages.entra), hint: intl.formatMessage(messages.entraHint) },
          ]}
          onValueChange={(value) => actor.send({ type: 'form.change', field: 'format', value })}
        />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(busy ? messages.preparing : messages.submit)}
        </Button>
      </form>
    </Page>
  );
}
