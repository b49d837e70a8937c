import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { ORG_COLUMNS, type OrgColumn } from '../../../contract/schemas/org-account.ts';
import { hkTime } from '../../i18n/hk-time.ts';
import { Button, ButtonGroup } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import stacked from '../../ui/stacked-table.module.css';
import { writable, type ListActor } from './org-account-list-state.ts';
import { orgAccountMessages as m } from './org-account-messages.ts';
import { COLUMN_NAMES, GROUP_NAMES } from './org-account-words.ts';
import styles from './org-account.module.css';

/** A page of the list, with edit and delete on each row when the list may be changed, and the pages. */
export function RecordTable({ actor }: { actor: ListActor }) {
  const intl = useIntl();
  const records = useSelector(actor, (snapshot) => snapshot.context.records);
  const canChange = useSelector(actor, writable);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const page = useSelector(actor, (snapshot) => snapshot.context.query.page);
  const pageSize = useSelector(actor, (snapshot) => snapshot.context.pageSize);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const when = (iso: string) => intl.formatMessage(m.hkTime, { time: hkTime(intl, iso) });
  // Each cell's column name, shown before it when the table is stacked on a phone (src/ui/stacked-table.module.css).
  const label = (column: OrgColumn) => intl.formatMessage(COLUMN_NAMES[column]);
  return (
    <section className={cx(styles.section)} aria-labelledby="org-list-summary">
      <p id="org-list-summary" aria-live="polite">
        {intl.formatMessage(m.summary, { total, page, pages })}
      </p>
      {records.length === 0 ? (
        <p>{intl.formatMessage(m.empty)}</p>
      ) : (
        <div className={cx(styles.tableWrap)}>
          <table className={cx(styles.table, stacked.stacked)}>
            <thead>
              <tr>
                {ORG_COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {intl.formatMessage(COLUMN_NAMES[column])}
                  </th>
                ))}
                {/* When and by whom, stacked in one column (issue 26 item 11: room for the others at 1280 px in Chinese). */}
                <th scope="col">{intl.formatMessage(m.colupdatedAt)}</th>
                {canChange ? <th scope="col">{intl.formatMessage(m.colactions)}</th> : null}
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.id}>
                  <td data-label={label('emailAddress')}>{record.emailAddress}</td>
                  <td data-label={label('chFullName')}>{record.chFullName}</td>
                  <td data-label={label('enFullName')}>{record.enFullName}</td>
                  <td data-label={label('teacherType')}>{intl.formatMessage(GROUP_NAMES[record.teacherType])}</td>
                  <td data-label={label('remark')}>{record.remark}</td>
                  <td data-label={intl.formatMessage(m.colupdatedAt)}>
                    {when(record.updatedAt)}
                    <span className={cx(styles.updatedBy)}>{intl.formatMessage(m.updatedByLine, { loginId: record.updatedBy })}</span>
                  </td>
                  {canChange ? (
                    <td className={cx(styles.actions)}>
                      {/* The visible verb starts the button's name, which names the record (the row's address is in its first cell). */}
                      <ButtonGroup>
                        <Button variant="link" disabled={busy} aria-label={intl.formatMessage(m.edit, { email: record.emailAddress })} onClick={() => actor.send({ type: 'record.edit', id: record.id })}>
                          {intl.formatMessage(m.editShort)}
                        </Button>
                        <Button variant="link" disabled={busy} aria-label={intl.formatMessage(m.delete, { email: record.emailAddress })} onClick={() => actor.send({ type: 'record.delete', id: record.id })}>
                          {intl.formatMessage(m.deleteShort)}
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
