import { useIntl } from 'react-intl';
import { appMessages } from '../../i18n/app-messages.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { cx } from '../../ui/cx.ts';
import { Page } from '../../ui/page.tsx';
import styles from '../features.module.css';
import { legalMessages as m } from './legal-messages.ts';

/** The pages the footer links to (issue 13): each a heading, a lead and four short sections. */
export type LegalPageName = 'help' | 'terms' | 'privacy' | 'accessibility';

/** Each page's messages go by one pattern: `<page>Title`, `<page>Lead`, `<page>S<n>Heading`, `<page>S<n>Body`. */
const SECTIONS = [1, 2, 3, 4] as const;

function contentOf(page: LegalPageName) {
  return {
    title: m[`${page}Title`],
    lead: m[`${page}Lead`],
    sections: SECTIONS.map((n) => [m[`${page}S${n}Heading`], m[`${page}S${n}Body`]] as const),
  };
}

/** Help, terms of service, privacy policy or the accessibility statement, with the support address from the settings. */
export function LegalPage({ page }: { page: LegalPageName }) {
  const intl = useIntl();
  const settings = useSettings();
  const supportEmail = settings?.supportEmail ?? intl.formatMessage(appMessages.supportTeam);
  const content = contentOf(page);
  return (
    <Page title={intl.formatMessage(content.title)} lead={intl.formatMessage(content.lead)}>
      {content.sections.map(([heading, body]) => (
        <section key={heading.id} aria-labelledby={heading.id}>
          <h2 id={heading.id} className={cx(styles.subheading)}>
            {intl.formatMessage(heading)}
          </h2>
          <p>{intl.formatMessage(body, { supportEmail })}</p>
        </section>
      ))}
    </Page>
  );
}
