import { useIntl } from 'react-intl';
import { appMessages } from '../i18n/app-messages.ts';
import { cx } from '../ui/cx.ts';
import { RouteLink } from './route-link.tsx';
import styles from './shell.module.css';

const LINKS = [
  { to: '/{-$lang}/help', label: appMessages.footerHelp },
  { to: '/{-$lang}/terms', label: appMessages.footerTerms },
  { to: '/{-$lang}/privacy', label: appMessages.footerPrivacy },
  { to: '/{-$lang}/accessibility', label: appMessages.footerAccessibility },
] as const;

/** Every page's footer: help, terms of service, privacy policy, accessibility statement (issue 13). */
export function Footer() {
  const intl = useIntl();
  return (
    <footer className={cx(styles.footer)}>
      <nav aria-label={intl.formatMessage(appMessages.footerLabel)} className={cx(styles.footerInner)}>
        <ul className={cx(styles.footerLinks)}>
          {LINKS.map((link) => (
            <li key={link.to}>
              <RouteLink to={link.to}>{intl.formatMessage(link.label)}</RouteLink>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
