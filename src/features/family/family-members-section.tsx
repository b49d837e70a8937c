import { useIntl } from 'react-intl';
import type { FamilyDetails } from '../../../contract/schemas/family.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { activeMembers, type Send } from './family-details-state.ts';
import { hiddenText, roleName } from './family-parts.tsx';
import { Section } from './family-section.tsx';
import { familyWords as m } from './family-words.ts';
import styles from './family.module.css';

/** The members, and for an admin what they may do to each (admin rights, removal). */
export function MembersSection({ family, isAdmin, send, busy }: { family: FamilyDetails; isAdmin: boolean; send: Send; busy: boolean }) {
  const intl = useIntl();
  const adminCount = activeMembers(family).filter((member) => member.isAdmin).length;
  return (
    <Section id="family-members" title={intl.formatMessage(m.membersTitle)}>
      <ul className={cx(styles.list)}>
        {activeMembers(family).map((member) => (
          <li key={member.memberId} className={cx(styles.row)}>
            <span className={cx(styles.who)}>
              <strong>{member.nickname}</strong>
              {member.isCurrentUser ? <span>{intl.formatMessage(m.you)} </span> : null}
              {member.isAdmin ? <span className={cx(styles.tag)}>{intl.formatMessage(m.adminTag)}</span> : null}
              <span className={cx(styles.meta)}>{roleName(intl, member.familyRole)}</span>
            </span>
            {isAdmin ? (
              <span className={cx(styles.actions)}>
                {member.isAdmin ? (
                  // Every family keeps an admin: the last one's rights cannot be taken away.
                  adminCount > 1 ? (
                    <Button disabled={busy} variant="secondary" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.removeAdmin', memberId: member.memberId })}>
                      {intl.formatMessage(m.removeAdmin, { nickname: member.nickname, ...hiddenText })}
                    </Button>
                  ) : null
                ) : (
                  <Button disabled={busy} variant="secondary" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.grantAdmin', memberId: member.memberId })}>
                    {intl.formatMessage(m.grantAdmin, { nickname: member.nickname, ...hiddenText })}
                  </Button>
                )}
                {member.isCurrentUser ? null : (
                  <Button disabled={busy} variant="warning" className={cx(styles.rowButton)} onClick={() => send({ type: 'member.kick', memberId: member.memberId })}>
                    {intl.formatMessage(m.kick, { nickname: member.nickname, ...hiddenText })}
                  </Button>
                )}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <Button disabled={busy} variant="secondary" onClick={() => send({ type: 'family.refresh' })}>
        {intl.formatMessage(m.refreshFamily)}
      </Button>
    </Section>
  );
}
