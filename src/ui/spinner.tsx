import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages.ts';
import { cx } from './cx.ts';
import styles from './spinner.module.css';

/** A busy indicator announced politely; the label defaults to "Loading…". */
export function Spinner({ label }: { label?: string }) {
  const intl = useIntl();
  const text = label ?? intl.formatMessage(appMessages.loading);
  return (
    <div className={cx(styles.spinner)} role="status" aria-live="polite">
      <span className={cx(styles.wheel)} aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

