import { useIntl } from 'react-intl';
import { FAMILY_CAPACITY, type FamilyDetails } from '../../../contract/schemas/family.ts';
import { cx } from '../../ui/cx.ts';
import { activeMembers } from './family-details-state.ts';
import { SummaryList, type SummaryRow } from './family-form-parts.tsx';
import { dateTime } from './family-parts.tsx';
import { familyWords as m } from './family-words.ts';
import styles from './family.module.css';

/** The family's facts: reference, and for an admin the code and its dates; how many members. */
export function Facts({ family, isAdmin, expired }: { family: FamilyDetails; isAdmin: boolean; expired: boolean }) {
  const intl = useIntl();
  const rows: SummaryRow[] = [{ key: 'familyRef', label: intl.formatMessage(m.familyRef), value: family.familyRef }];
  if (isAdmin && family.code) {
    rows.push(
      { key: 'code', label: intl.formatMessage(m.code), value: family.code },
      { key: 'codeCreatedAt', label: intl.formatMessage(m.codeCreatedAt), value: dateTime(intl, family.codeCreatedAt) },
      {
        key: 'codeExpiresAt',
        label: intl.formatMessage(m.codeExpiresAt),
        value: (
          <>
            {dateTime(intl, family.codeExpiresAt)}
            {expired ? <span className={cx(styles.expired)}> {intl.formatMessage(m.codeExpiredTag)}</span> : null}
          </>
        ),
      },
    );
  }
  rows.push({
    key: 'members',
    label: intl.formatMessage(m.membersLabel),
    value: intl.formatMessage(m.memberCount, { count: activeMembers(family).length, capacity: FAMILY_CAPACITY }),
  });
  return <SummaryList label={intl.formatMessage(m.summary)} rows={rows} />;
}
