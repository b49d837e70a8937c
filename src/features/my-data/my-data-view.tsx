import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { myDataMachine } from '../../../machines/my-data/my-data.machine.ts';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { StepUpDialog } from '../step-up/index.ts';
import { myDataMessages as messages } from './my-data-messages.ts';

type MyDataActor = ActorRefFrom<typeof myDataMachine>;

/** My data (/profile/my-data): what the file holds, the download with its progress, and what came of it. */
export function MyDataView({ actor }: { actor: MyDataActor }) {
  const intl = useIntl();
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const file = useSelector(actor, (snapshot) => (snapshot.matches('downloaded') ? snapshot.context.file : null));
  const limited = useSelector(actor, (snapshot) => (snapshot.matches('limited') ? { code: snapshot.context.errorCode ?? 'unknown', holdUntil: snapshot.context.holdUntil } : null));
  const failure = useSelector(actor, (snapshot) => (snapshot.matches('failed') ? (snapshot.context.errorCode ?? 'unknown') : null));
  const errorText = useErrorText();
  const stepUp = useSelector(actor, (snapshot) => snapshot.children.stepUp);

  let outcome = null;
  if (file !== null) {
    outcome = (
      <Notice tone="success" live title={intl.formatMessage(messages.downloadedTitle)}>
        <p>{intl.formatMessage(messages.downloaded, { fileName: file.fileName, size: file.bytes })}</p>
      </Notice>
    );
  } else if (limited !== null) {
    outcome = (
      <div role="alert">
        <Notice tone="warning" title={intl.formatMessage(messages.limitedTitle)}>
          <p>{errorText(limited.code, { holdUntil: limited.holdUntil })}</p>
        </Notice>
      </div>
    );
  } else if (failure !== null) {
    outcome = (
      <div role="alert">
        <Notice tone="warning" title={intl.formatMessage(messages.failedTitle)}>
          <p>{errorText(failure)}</p>
        </Notice>
        <Button type="button" onClick={() => actor.send({ type: 'retry' })}>
          {intl.formatMessage(messages.retry)}
        </Button>
      </div>
    );
  }

  const canDownload = useSelector(actor, (snapshot) => snapshot.matches('idle') || snapshot.matches('preparing') || snapshot.matches('steppingUp'));
  return (
    <Page title={intl.formatMessage(messages.title)} lead={intl.formatMessage(messages.lead)}>
      <h2>{intl.formatMessage(messages.contentsHeading)}</h2>
      <p>{intl.formatMessage(messages.contents)}</p>
      <p>{intl.formatMessage(messages.formats)}</p>
      {outcome}
      {canDownload ? (
        <>
          <Button type="button" busy={busy} onClick={() => actor.send({ type: 'data.download' })}>
            {intl.formatMessage(busy ? messages.preparing : messages.download)}
          </Button>
          {busy ? <progress aria-label={intl.formatMessage(messages.preparing)} /> : null}
        </>
      ) : null}
      <p>{intl.formatMessage(messages.notice)}</p>
      {stepUp ? <StepUpDialog actor={stepUp} /> : null}
    </Page>
  );
}
