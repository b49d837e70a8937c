import { useIntl } from 'react-intl';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import shared from '../features.module.css';
import type { Send } from './family-details-state.ts';
import { familyWords as m } from './family-words.ts';
import styles from './family.module.css';

/** The actions that end something, together and marked as such: leave, and for the admin dismiss (issue 13). */
export function EndSection({ isAdmin, send, busy }: { isAdmin: boolean; send: Send; busy: boolean }) {
  const intl = useIntl();
  return (
    <section className={cx(styles.section, styles.danger)} aria-labelledby="family-end">
      <h2 id="family-end">{intl.formatMessage(m.endTitle)}</h2>
      <p className={cx(shared.muted)}>{intl.formatMessage(m.leaveHint)}</p>
      <Button disabled={busy} variant="warning" onClick={() => send({ type: 'family.leave' })}>
        {intl.formatMessage(m.leave)}
      </Button>
      {isAdmin ? (
        <>
          <p className={cx(shared.muted)}>{intl.formatMessage(m.dismissHint)}</p>
          <Button disabled={busy} variant="warning" onClick={() => send({ type: 'family.dismiss' })}>
            {intl.formatMessage(m.dismiss)}
          </Button>
        </>
      ) : null}
    </section>
  );
}
