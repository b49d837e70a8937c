import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { ORG_COLUMNS, ORG_GROUPS, ORG_SORTS, type OrgAccountFields, type OrgGroup, type OrgSort } from '../../../contract/schemas/org-account.ts';
import type { Language } from '../../../contract/languages.ts';
import type { orgAccountImportMachine } from '../../../machines/org-account/org-account-import.machine.ts';
import type { orgAccountListMachine } from '../../../machines/org-account/org-account-list.machine.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useRefusalText } from '../../i18n/refusal-messages.ts';
import { useFieldErrors } from '../../i18n/use-form-errors.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { InternalAnchor, type NavigateHandler } from '../../ui/internal-anchor.tsx';
import { LazyDialog } from '../../ui/lazy-dialog.tsx';
import { Notice } from '../../ui/notice.tsx';
import { OrgLoadNotices } from './org-load-notices.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextInput } from '../../ui/text-input.tsx';
import shared from '../features.module.css';
import { orgAccountMessages as m } from './org-account-messages.ts';
import styles from './org-account.module.css';

type ListActor = ActorRefFrom<typeof orgAccountListMachine>;
type ListSnapshot = SnapshotFrom<typeof orgAccountListMachine>;
type ImportActor = ActorRefFrom<typeof orgAccountImportMachine>;

/** Where the downloads are (the page provides the API's addresses; stories and tests their own). */
export interface OrgAccountDownloads {
  exportHref: (query: { q: string; group: OrgGroup }, lang: Language) => string;
  templateHref: (lang: Language) => string;
}

const NO_DOWNLOADS: OrgAccountDownloads = { exportHref: () => '#export', templateHref: () => '#template' };

const COLUMN_NAMES = { emailAddress: m.colemailAddress, chFullName: m.colchFullName, enFullName: m.colenFullName, teacherType: m.colteacherType, remark: m.colremark };
const GROUP_NAMES = { ALL: m.groupALL, UNIVERSITY_TEACHER: m.groupUNIVERSITY_TEACHER, PRE_SERVICE: m.groupPRE_SERVICE };
const SORT_NAMES = { updatedDesc: m.sortupdatedDesc, updatedAsc: m.sortupdatedAsc };
const RULE_NAMES = {
  required: m.rulerequired,
  format: m.ruleformat,
  maxLength: m.rulemaxLength,
  improper: m.ruleimproper,
  duplicated: m.ruleduplicated,
  formula: m.ruleformula,
} as const;

const writable = (snapshot: ListSnapshot) => !snapshot.matches('readOnly');

function Toolbar({ actor, downloads }: { actor: ListActor; downloads: OrgAccountDownloads }) {
  const intl = useIntl();
  const lang = useLanguage();
  const searchText = useSelector(actor, (snapshot) => snapshot.context.searchText);
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'search.submit' });
  };
  return (
    <form className={cx(styles.toolbar)} role="search" onSubmit={submit}>
      <TextInput id="org-search" label={intl.formatMessage(m.searchLabel)} value={searchText} onValueChange={(value) => actor.send({ type: 'search.change', value })} width={20} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {intl.formatMessage(m.searchSubmit)}
      </Button>
      <div>
        <label className={cx(styles.label)} htmlFor="org-group">
          {intl.formatMessage(m.groupLabel)}
        </label>
        <select id="org-group" className={cx(styles.select)} value={query.group} disabled={busy} onChange={(event) => actor.send({ type: 'group.change', value: event.target.value as OrgGroup })}>
          {ORG_GROUPS.map((group) => (
            <option key={group} value={group}>
              {intl.formatMessage(GROUP_NAMES[group])}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className={cx(styles.label)} htmlFor="org-sort">
          {intl.formatMessage(m.sortLabel)}
        </label>
        <select id="org-sort" className={cx(styles.select)} value={query.sort} disabled={busy} onChange={(event) => actor.send({ type: 'sort.change', value: event.target.value as OrgSort })}>
          {ORG_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage(SORT_NAMES[sort])}
            </option>
          ))}
        </select>
      </div>
      <p>
        <a href={downloads.exportHref(query, lang)} download>
          {intl.formatMessage(m.export)}
        </a>
      </p>
    </form>
  );
}

function RecordTable({ actor }: { actor: ListActor }) {
  const intl = useIntl();
  const records = useSelector(actor, (snapshot) => snapshot.context.records);
  const canChange = useSelector(actor, writable);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const page = useSelector(actor, (snapshot) => snapshot.context.query.page);
  const pageSize = useSelector(actor, (snapshot) => snapshot.context.pageSize);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const when = (iso: string) => intl.formatMessage(m.hkTime, { time: intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }) });
  return (
    <section className={cx(styles.section)} aria-labelledby="org-list-summary">
      <p id="org-list-summary" aria-live="polite">
        {intl.formatMessage(m.summary, { total, page, pages })}
      </p>
      {records.length === 0 ? (
        <p>{intl.formatMessage(m.empty)}</p>
      ) : (
        <div className={cx(styles.tableWrap)}>
          <table className={cx(styles.table)}>
            <thead>
              <tr>
                {ORG_COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {intl.formatMessage(COLUMN_NAMES[column])}
                  </th>
                ))}
                <th scope="col">{intl.formatMessage(m.colupdatedAt)}</th>
                <th scope="col">{intl.formatMessage(m.colupdatedBy)}</th>
                {canChange ? <th scope="col">{intl.formatMessage(m.colactions)}</th> : null}
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.id}>
                  <td>{record.emailAddress}</td>
                  <td>{record.chFullName}</td>
                  <td>{record.enFullName}</td>
                  <td>{intl.formatMessage(GROUP_NAMES[record.teacherType])}</td>
                  <td>{record.remark}</td>
                  <td>{when(record.updatedAt)}</td>
                  <td>{record.updatedBy}</td>
                  {canChange ? (
                    <td>
                      <ButtonGroup>
                        <Button variant="link" disabled={busy} onClick={() => actor.send({ type: 'record.edit', id: record.id })}>
                          {intl.formatMessage(m.edit, { email: record.emailAddress })}
                        </Button>
                        <Button variant="link" disabled={busy} onClick={() => actor.send({ type: 'record.delete', id: record.id })}>
                          {intl.formatMessage(m.delete, { email: record.emailAddress })}
                        </Button>
                      </ButtonGroup>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={intl.formatMessage(m.pages)}>
        <ButtonGroup>
          <Button variant="secondary" disabled={busy || page <= 1} onClick={() => actor.send({ type: 'page.previous' })}>
            {intl.formatMessage(m.previous)}
          </Button>
          <Button variant="secondary" disabled={busy || page >= pages} onClick={() => actor.send({ type: 'page.next' })}>
            {intl.formatMessage(m.next)}
          </Button>
        </ButtonGroup>
      </nav>
    </section>
  );
}

function EditForm({ actor }: { actor: ListActor }) {
  const intl = useIntl();
  const [attempt, setAttempt] = useState(0);
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const failure = useSelector(actor, (snapshot) => (snapshot.matches({ editing: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null));
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const refusalText = useRefusalText();
  const { summary, errorFor } = useFieldErrors(issues, COLUMN_NAMES);
  if (!selected) return null;
  const items = [...summary, ...(failure ? [{ text: refusalText(failure) }] : [])];
  const field = (name: Exclude<keyof OrgAccountFields, 'teacherType'>) => (
    <TextInput id={name} label={intl.formatMessage(COLUMN_NAMES[name])} value={values[name]} error={errorFor(name)} onValueChange={(value) => actor.send({ type: 'form.change', field: name, value })} />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    actor.send({ type: 'form.submit' });
  };
  return (
    <section className={cx(styles.section)} aria-labelledby="org-edit-heading">
      <h2 id="org-edit-heading" className={cx(shared.subheading)}>
        {intl.formatMessage(m.editTitle, { email: selected.emailAddress })}
      </h2>
      {items.length > 0 ? <ErrorSummary items={items} focusKey={attempt} /> : null}
      <form noValidate onSubmit={submit}>
        {field('emailAddress')}
        {field('chFullName')}
        {field('enFullName')}
        <div>
          <label className={cx(styles.label)} htmlFor="teacherType">
            {intl.formatMessage(m.colteacherType)}
          </label>
          <select id="teacherType" className={cx(styles.select)} value={values.teacherType} onChange={(event) => actor.send({ type: 'form.change', field: 'teacherType', value: event.target.value })}>
            <option value="UNIVERSITY_TEACHER">{intl.formatMessage(m.groupUNIVERSITY_TEACHER)}</option>
            <option value="PRE_SERVICE">{intl.formatMessage(m.groupPRE_SERVICE)}</option>
          </select>
        </div>
        {field('remark')}
        <ButtonGroup>
          <Button type="submit" busy={saving}>
            {saving ? intl.formatMessage(m.saving) : intl.formatMessage(m.save)}
          </Button>
          <Button variant="secondary" disabled={saving} onClick={() => actor.send({ type: 'form.cancel' })}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </ButtonGroup>
      </form>
    </section>
  );
}

function Outcome({ actor }: { actor: ListActor }) {
  const intl = useIntl();
  const refusalText = useRefusalText();
  const changed = useSelector(actor, (snapshot) => snapshot.context.changed);
  const saved = useSelector(actor, (snapshot) => snapshot.matches({ writable: 'saved' }));
  const deleted = useSelector(actor, (snapshot) => snapshot.matches({ writable: 'deleted' }));
  const refused = useSelector(actor, (snapshot) =>
    snapshot.matches({ writable: 'gone' }) || snapshot.matches({ writable: 'failed' }) ? (snapshot.context.errorCode ?? 'unknown') : null,
  );
  const deleting = useSelector(actor, (snapshot) => snapshot.matches('deleting'));
  if (deleting) return <Spinner label={intl.formatMessage(m.deleting)} />;
  if (saved && changed) return <Notice tone="success" live>{intl.formatMessage(m.saved, { email: changed })}</Notice>;
  if (deleted && changed) return <Notice tone="success" live>{intl.formatMessage(m.deleted, { email: changed })}</Notice>;
  if (refused)
    return (
      <div role="alert">
        <Notice tone="warning" title={intl.formatMessage(m.failed)}>
          <p>{refusalText(refused)}</p>
        </Notice>
      </div>
    );
  return null;
}

function DeleteDialog({ actor }: { actor: ListActor }) {
  const intl = useIntl();
  const open = useSelector(actor, (snapshot) => snapshot.matches('confirmingDelete'));
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  if (!open || !selected) return null;
  return (
    <LazyDialog
      onOpenChange={(next) => {
        if (!next) actor.send({ type: 'dialog.cancel' });
      }}
      title={intl.formatMessage(m.deleteTitle, { email: selected.emailAddress })}
      description={intl.formatMessage(m.deleteBody)}
      actions={
        <ButtonGroup>
          <Button variant="warning" onClick={() => actor.send({ type: 'dialog.confirm' })}>
            {intl.formatMessage(m.deleteConfirm)}
          </Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'dialog.cancel' })}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </ButtonGroup>
      }
    />
  );
}

/** The school email list: the list with its search, group, order and pages; editing and deleting when writable. */
export function OrgAccountListView({
  actor,
  importActor,
  downloads = NO_DOWNLOADS,
  settingsHref = '#settings',
  onNavigate,
}: {
  actor: ListActor;
  importActor?: ImportActor | undefined;
  downloads?: OrgAccountDownloads;
  /** The school settings page (teacher email domains, school email, QR-code login). */
  settingsHref?: string;
  onNavigate?: NavigateHandler | undefined;
}) {
  const intl = useIntl();
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const loadFailed = useSelector(actor, (snapshot) => (snapshot.matches('loadFailed') ? (snapshot.context.errorCode ?? 'unknown') : null));
  const forbidden = useSelector(actor, (snapshot) => snapshot.matches('forbidden'));
  const readOnly = useSelector(actor, (snapshot) => snapshot.matches('readOnly'));
  const editing = useSelector(actor, (snapshot) => snapshot.matches('editing') || snapshot.matches('saving'));
  const canChange = useSelector(actor, (snapshot) => snapshot.matches('writable') || snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('confirmingDelete') || snapshot.matches('deleting'));
  const shown = !forbidden && !loadFailed;
  return (
    <Page title={intl.formatMessage(m.title)} lead={intl.formatMessage(m.lead)} wide>
      <OrgLoadNotices
        forbidden={forbidden}
        loadFailed={loadFailed}
        failedTitle={intl.formatMessage(m.loadFailed)}
        retryLabel={intl.formatMessage(m.retry)}
        onRetry={() => actor.send({ type: 'retry' })}
      />
      {readOnly ? (
        <Notice>
          <p>{intl.formatMessage(m.readOnly)}</p>
        </Notice>
      ) : null}
      {loading ? <Spinner label={intl.formatMessage(m.loading)} /> : null}
      {shown ? (
        <>
          <p>
            <InternalAnchor href={settingsHref} onNavigate={onNavigate}>
              {intl.formatMessage(m.settingsLink)}
            </InternalAnchor>
          </p>
          <Outcome actor={actor} />
          {editing ? (
            <EditForm actor={actor} />
          ) : (
            <>
              <Toolbar actor={actor} downloads={downloads} />
              <RecordTable actor={actor} />
            </>
          )}
          <DeleteDialog actor={actor} />
          {canChange && importActor && !editing ? <OrgAccountImportView actor={importActor} downloads={downloads} /> : null}
        </>
      ) : null}
    </Page>
  );
}

function base64Href(base64: string): string {
  return `data:application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;base64,${base64}`;
}

/** The import: choose a file, check it, read its problems or confirm, then the import's progress and outcome. */
export function OrgAccountImportView({ actor, downloads = NO_DOWNLOADS }: { actor: ImportActor; downloads?: OrgAccountDownloads }) {
  const intl = useIntl();
  const lang = useLanguage();
  const refusalText = useRefusalText();
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const choosing = snapshot.matches('choosing');
  const checking = snapshot.matches('checking');
  const fileError = snapshot.matches({ choosing: 'noFile' }) ? intl.formatMessage(m.importChoose) : null;
  const refused = snapshot.matches('refused') || snapshot.matches('failed') ? (context.errorCode ?? 'unknown') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'import.check' });
  };
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
      {choosing || checking || snapshot.matches('rowErrors') || snapshot.matches('refused') ? (
        <form noValidate onSubmit={submit}>
          {fileError ? <ErrorSummary items={[{ text: fileError, fieldId: 'org-import-file' }]} /> : null}
          <div>
            <label className={cx(styles.label)} htmlFor="org-import-file">
              {intl.formatMessage(m.importFile)}
            </label>
            <p id="org-import-hint">{intl.formatMessage(m.importHint)}</p>
            {fileError ? <p role="alert">{fileError}</p> : null}
            <input
              id="org-import-file"
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby="org-import-hint"
              disabled={checking}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                actor.send({ type: 'file.choose', file: file ? { name: file.name, size: file.size, read: () => file.arrayBuffer() } : null });
              }}
            />
          </div>
          <Button type="submit" busy={checking}>
            {checking ? intl.formatMessage(m.importChecking) : intl.formatMessage(m.importCheck)}
          </Button>
        </form>
      ) : null}
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
      {snapshot.matches('rowErrors') ? (
        <div role="alert" aria-labelledby="org-import-errors">
          <h3 id="org-import-errors">{intl.formatMessage(m.importErrors, { count: context.issues.length, total: context.checkedTotal })}</h3>
          {context.annotated ? (
            <p>
              <a href={base64Href(context.annotated)} download={`${context.file?.name.replace(/\.xlsx$/i, '') ?? 'import'}-problems.xlsx`}>
                {intl.formatMessage(m.importDownload)}
              </a>
            </p>
          ) : null}
          <table className={cx(styles.table)}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.importRow)}</th>
                <th scope="col">{intl.formatMessage(m.importColumn)}</th>
                <th scope="col">{intl.formatMessage(m.importProblem)}</th>
              </tr>
            </thead>
            <tbody>
              {context.issues.map((issue) => (
                <tr key={`${issue.row}-${issue.column}-${issue.rule}`}>
                  <td>{issue.row}</td>
                  <td>{intl.formatMessage(COLUMN_NAMES[issue.column])}</td>
                  <td>
                    {intl.formatMessage(RULE_NAMES[issue.rule as keyof typeof RULE_NAMES] ?? m.ruleformat, { column: intl.formatMessage(COLUMN_NAMES[issue.column]) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button variant="secondary" onClick={() => actor.send({ type: 'import.again' })}>
            {intl.formatMessage(m.importAgain)}
          </Button>
        </div>
      ) : null}
      {snapshot.matches('confirming') && context.ready ? (
        <Notice title={intl.formatMessage(m.importReady, { total: context.ready.total, created: context.ready.created, updated: context.ready.updated })}>
          <ButtonGroup>
            <Button onClick={() => actor.send({ type: 'import.confirm' })}>{intl.formatMessage(m.importConfirm)}</Button>
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
