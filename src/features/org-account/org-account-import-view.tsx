import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Notice } from '../../ui/notice.tsx';
import shared from '../features.module.css';
import { NO_DOWNLOADS, type OrgAccountDownloads } from './org-account-downloads.ts';
import type { ImportActor } from './org-import-state.ts';
import { orgAccountMessages as m } from './org-account-messages.ts';
import { ImportFileForm } from './org-import-file-form.tsx';
import { ImportProblems } from './org-import-problems.tsx';
import styles from './org-account.module.css';

/** The import: choose a file, check it, read its problems or confirm, then the import's progress and outcome. */
export function OrgAccountImportView({ actor, downloads = NO_DOWNLOADS }: { actor: ImportActor; downloads?: OrgAccountDownloads }) {
  const intl = useIntl();
  const lang = useLanguage();
  const refusalText = useRefusalText();
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const refused = snapshot.matches('refused') || snapshot.matches('failed') ? (context.errorCode ?? 'unknown') : null;
  return (
    <section className={cx(styles.section)} aria-labelledby="org-import-heading">
      <h2 id="org-import-heading" className={cx(shared.subheading)}>
        {intl.formatMessage(m.importHeading)}
      </h2>
      <p>
        <a href={downloads.templateHref(lang)} download>
          {intl.formatMessage(m.template)}
        </a>
      </p>
      <ImportFileForm actor={actor} />
      {refused ? (
        <div role="alert">
          <Notice tone="warning" title={intl.formatMessage(m.importFailed)}>
            <p>{refusalText(refused)}</p>
            <Button variant={snapshot.matches('failed') ? 'primary' : 'secondary'} onClick={() => actor.send({ type: 'import.again' })}>
              {intl.formatMessage(m.importAgain)}
            </Button>
          </Notice>
        </div>
      ) : null}
      <ImportProblems actor={actor} />
      {(snapshot.matches('confirming') || snapshot.matches('unchanged')) && context.ready ? (
        <Notice title={intl.formatMessage(m.importReady, { total: context.ready.total, created: context.ready.created, updated: context.ready.updated })}>
          {snapshot.matches('unchanged') ? <p id="org-import-nothing">{intl.formatMessage(m.importNothing)}</p> : null}
          <ButtonGroup>
            {snapshot.matches('unchanged') ? (
              // Shown disabled, with its reason, so the administrator sees why there is nothing to confirm.
              <Button disabled aria-describedby="org-import-nothing">
                {intl.formatMessage(m.importConfirm)}
              </Button>
            ) : (
              <Button onClick={() => actor.send({ type: 'import.confirm' })}>{intl.formatMessage(m.importConfirm)}</Button>
            )}
            <Button variant="secondary" onClick={() => actor.send({ type: 'import.cancel' })}>
              {intl.formatMessage(m.importCancel)}
            </Button>
          </ButtonGroup>
        </Notice>
      ) : null}
      {snapshot.matches('importing') ? (
        <div aria-busy="true">
          <label className={cx(styles.label)} htmlFor="org-import-progress">
            {intl.formatMessage(m.importing, { total: context.ready?.total ?? 0 })}
          </label>
          <progress id="org-import-progress" className={cx(styles.progress)} aria-label={intl.formatMessage(m.importProgress)} />
        </div>
      ) : null}
      {snapshot.matches('done') && context.applied ? (
        <Notice tone="success" live title={intl.formatMessage(m.importDone, { ...context.applied })}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'import.again' })}>
            {intl.formatMessage(m.importAgain)}
          </Button>
        </Notice>
      ) : null}
    </section>
  );
}
