import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';
import { cx } from './cx.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'warning' | 'link' | 'inverse-link';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  variant?: ButtonVariant;
  /**
   * A busy button stays focusable and announced but ignores clicks, so a double click cannot
   * submit twice and keyboard users do not lose their place.
   */
  busy?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: cx(styles.button),
  secondary: cx(styles.button, styles.secondary),
  warning: cx(styles.button, styles.warning),
  link: cx(styles.button, styles.link),
  'inverse-link': cx(styles.button, styles.link, styles.inverse),
};

export function Button({ variant = 'primary', busy = false, disabled = false, type = 'button', className, onClick, children, ...rest }: ButtonProps) {
  const inert = busy || disabled;
  return (
    <button
      {...rest}
      type={type}
      className={cx(VARIANT_CLASS[variant], className)}
      aria-disabled={inert || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (inert) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {children}
    </button>
  );
}

/** Lays out a primary action with its secondary actions and links. */
export function ButtonGroup({ children }: { children: ReactNode }) {
  return <div className={cx(styles.group)}>{children}</div>;
}
