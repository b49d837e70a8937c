import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './notice.module.css';

export interface NoticeProps {
  tone?: 'info' | 'success' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
  /** Announce the notice when it appears (a result of the user's action). */
  live?: boolean;
}

export function Notice({ tone = 'info', title, children, live = false }: NoticeProps) {
  return (
    <div className={cx(styles.notice, tone === 'success' && styles.success, tone === 'warning' && styles.warning)} role={live ? 'status' : undefined}>
      {title ? <h2 className={cx(styles.title)}>{title}</h2> : null}
      {children}
    </div>
  );
}
