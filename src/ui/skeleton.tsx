import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages.ts';
import { cx } from './cx.ts';
import styles from './skeleton.module.css';

/**
 * The outline of a form while its page loads: grey label and field shapes where they will be,
 * with "Loading…" (or `label`) announced politely for screen readers, which do not see the shapes.
 */
export function Skeleton({ label, fields = 3 }: { label?: string; fields?: number }) {
  const intl = useIntl();
  return (
    <div className={cx(styles.skeleton)} role="status" aria-live="polite" data-skeleton="">
      <span className="visually-hidden">{label ?? intl.formatMessage(appMessages.loading)}</span>
      {Array.from({ length: fields }, (_, index) => (
        <span key={index} aria-hidden="true">
          <span className={cx(styles.bar, styles.label)} />
          <span className={cx(styles.bar, styles.field)} />
        </span>
      ))}
    </div>
  );
}
