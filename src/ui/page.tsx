import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages.ts';
import { cx } from './cx.ts';
import styles from './page.module.css';

export interface PageProps {
  /** The page heading, also the first part of the browser tab title. */
  title: string;
  caption?: ReactNode;
  lead?: ReactNode;
  wide?: boolean;
  /** Move focus to the heading when the page appears (default), so screen readers start there. */
  focusHeading?: boolean;
  children?: ReactNode;
}

/** A page: its heading, the document title, and focus moved to the heading on arrival. */
export function Page({ title, caption, lead, wide = false, focusHeading = true, children }: PageProps) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  const app = intl.formatMessage(appMessages.name);

  useEffect(() => {
    document.title = intl.formatMessage(appMessages.titleTemplate, { page: title, app });
  }, [intl, title, app]);

  useEffect(() => {
    if (focusHeading) heading.current?.focus({ preventScroll: true });
  }, [focusHeading]);

  return (
    <div className={cx(styles.page, wide && styles.wide)}>
      {caption ? <span className={cx(styles.caption)}>{caption}</span> : null}
      <h1 ref={heading} className={cx(styles.heading)} tabIndex={-1}>
        {title}
      </h1>
      {lead ? <p className={cx(styles.lead)}>{lead}</p> : null}
      {children}
    </div>
  );
}
