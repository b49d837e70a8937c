import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { cx } from './cx.ts';
import styles from './dialog.module.css';
import { uiMessages } from './ui-messages.ts';

export interface DialogProps {
  open: boolean;
  /** Called with false when the user closes it (Escape, the close button, or outside when dismissible). */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** The dialog's buttons, under the content. */
  actions?: ReactNode;
  /** Alerts interrupt: a click outside does not close them and they have no close button. */
  tone?: 'default' | 'alert';
}

/** A modal dialog on Radix: focus trapped inside, returned on close, labelled by its title. */
export function Dialog({ open, onOpenChange, title, description, children, actions, tone = 'default' }: DialogProps) {
  const intl = useIntl();
  const alert = tone === 'alert';
  // Dialogs opened by the app (not by a trigger button) hand focus back to where it was, or to
  // the page heading, instead of dropping it on <body>.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={cx(styles.overlay)} />
        <RadixDialog.Content
          className={cx(styles.content, alert && styles.alert)}
          role={alert ? 'alertdialog' : 'dialog'}
          onInteractOutside={alert ? (event) => event.preventDefault() : undefined}
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current?.isConnected ? returnFocus.current : document.querySelector<HTMLElement>('main h1');
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={cx(styles.title)}>{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description>{description}</RadixDialog.Description> : null}
          {children}
          {actions ? <div className={cx(styles.actions)}>{actions}</div> : null}
          {alert ? null : (
            <RadixDialog.Close className={cx(styles.close)} aria-label={intl.formatMessage(uiMessages.close)}>
              <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
                <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
