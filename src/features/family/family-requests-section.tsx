import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { requestsPageOf } from '../../../machines/family/family-details.machine.ts';
import { hkDate } from '../../i18n/hk-time.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import type { DetailsActor } from './family-details-state.ts';
import { hiddenText, roleName } from './family-parts.tsx';
import { Section } from './family-section.tsx';
import { familyWords as m } from './family-words.ts';
import styles from './family.module.css';

/** The join requests waiting for an admin, a page at a time. */
export function RequestsSection({ actor, busy }: { actor: DetailsActor; busy: boolean }) {
  const intl = useIntl();
  const { rows, page, pageCount } = useSelector(actor, (snapshot) => requestsPageOf(snapshot.context), (a, b) => a.page === b.page && a.pageCount === b.pageCount && a.rows.length === b.rows.length && a.rows.every((row, i) => row === b.rows[i]));
  const send = actor.send;
  return (
    <Section id="family-requests" title={intl.formatMessage(m.requestsTitle)}>
      {rows.length === 0 ? (
        <p>{intl.formatMessage(m.noRequests)}</p>
      ) : (
        <ul className={cx(styles.list)}>
          {rows.map((request) => (
            <li key={request.memberId} className={cx(styles.row)}>
              <span className={cx(styles.who)}>
                <strong>{request.nickname}</strong>
                <span className={cx(styles.meta)}>
                  {roleName(intl, request.familyRole)} · {intl.formatMessage(m.requestedAt, { date: hkDate(intl, request.requestedAt) })}
                </span>
              </span>
              <span className={cx(styles.actions)}>
                <Button disabled={busy} className={cx(styles.rowButton)} onClick={() => send({ type: 'member.accept', memberId: request.memberId })}>
                  {intl.formatMessage(m.accept, { nickname: request.nickname, ...hiddenText })}
                </Button>
                <Button disabled={busy} variant="secondary" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.acceptAndGrantAdmin', memberId: request.memberId })}>
                  {intl.formatMessage(m.acceptAndGrantAdmin, { nickname: request.nickname, ...hiddenText })}
                </Button>
                <Button disabled={busy} variant="warning" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.decline', memberId: request.memberId })}>
                  {intl.formatMessage(m.decline, { nickname: request.nickname, ...hiddenText })}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav className={cx(styles.paging)} aria-label={intl.formatMessage(m.paging)}>
          <Button variant="secondary" disabled={busy || page === 0} onClick={() => send({ type: 'requests.previous' })}>
            {intl.formatMessage(m.previous)}
          </Button>
          <span aria-live="polite">{intl.formatMessage(m.page, { page: page + 1, count: pageCount })}</span>
          <Button variant="secondary" disabled={busy || page + 1 >= pageCount} onClick={() => send({ type: 'requests.next' })}>
            {intl.formatMessage(m.next)}
          </Button>
        </nav>
      ) : null}
    </Section>
  );
}
