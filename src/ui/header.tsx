import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages.ts';
import { Button } from './button.tsx';
import { cx } from './cx.ts';
import styles from './header.module.css';
import { InternalAnchor } from './internal-anchor.tsx';
import { LanguageSwitcher, type LanguageSwitcherProps } from './language-switcher.tsx';

export interface HeaderProps extends LanguageSwitcherProps {
  homeHref: string;
  /** Whether to offer signing out. */
  signedIn: boolean;
  signingOut?: boolean;
  onSignOut?: () => void;
  /** The id of the main content, for the skip link. */
  mainId: string;
}

/** Brand, language switcher and, when signed in, the sign-out button. */
export function Header({ homeHref, signedIn, signingOut = false, onSignOut, mainId, ...switcher }: HeaderProps) {
  const intl = useIntl();
  return (
    <header className={cx(styles.header)}>
      <a
        className={cx(styles.skip)}
        href={`#${mainId}`}
        onClick={(event) => {
          // Move focus without touching the URL, which the router owns.
          const main = document.getElementById(mainId);
          if (!main) return;
          event.preventDefault();
          main.focus();
        }}
      >
        {intl.formatMessage(appMessages.skipToContent)}
      </a>
      <div className={cx(styles.inner)}>
        <InternalAnchor className={cx(styles.brand)} href={homeHref} onNavigate={switcher.onNavigate}>
          {intl.formatMessage(appMessages.name)}
        </InternalAnchor>
        <div className={cx(styles.tools)}>
          <LanguageSwitcher {...switcher} />
          {signedIn ? (
            <Button variant="inverse-link" busy={signingOut} onClick={onSignOut}>
              {intl.formatMessage(signingOut ? appMessages.signingOut : appMessages.signOut)}
            </Button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
