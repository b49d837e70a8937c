import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useErrorText } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { DetailsActor } from './family-details-state.ts';
import { ConfirmDialog } from './family-form-parts.tsx';
import { familyWords as m } from './family-words.ts';

/** The family was dismissed by its admin: the notice, and Leave (confirmed) to close it. */
export function DismissedScreen({ actor }: { actor: DetailsActor }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const familyName = useSelector(actor, (snapshot) => snapshot.context.family?.familyName ?? '');
  const phase = useSelector(actor, (snapshot) =>
    snapshot.matches({ dismissedNotice: 'confirming' }) ? 'confirming' : snapshot.matches({ dismissedNotice: 'leaving' }) ? 'leaving' : snapshot.matches({ dismissedNotice: 'failed' }) ? 'failed' : 'notice',
  );
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const send = actor.send;
  return (
    <Page title={intl.formatMessage(m.dismissedNoticeTitle)}>
      {phase === 'failed' ? <ErrorSummary items={[{ text: errorText(errorCode ?? 'unknown') }]} /> : null}
      <Notice tone="warning">
        <p>{intl.formatMessage(m.dismissedNotice, { familyName })}</p>
      </Notice>
      {phase === 'leaving' ? (
        <Spinner label={intl.formatMessage(m.leaving)} />
      ) : (
        <ButtonGroup>
          <Button variant="warning" onClick={() => send({ type: 'family.leave' })}>
            {intl.formatMessage(m.leave)}
          </Button>
        </ButtonGroup>
      )}
      {phase === 'confirming' ? (
        <ConfirmDialog
          title={intl.formatMessage(m.confirmLeaveTitle, { familyName })}
          description={intl.formatMessage(m.confirmLeaveBody)}
          confirm={intl.formatMessage(m.leave)}
          variant="warning"
          cancel={intl.formatMessage(m.cancel)}
          row=""
          onConfirm={() => send({ type: 'dialog.confirm' })}
          onCancel={() => send({ type: 'dialog.cancel' })}
        />
      ) : null}
    </Page>
  );
}
