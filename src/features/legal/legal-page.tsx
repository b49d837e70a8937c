import { useIntl, type MessageDescriptor } from 'react-intl';
import { appMessages } from '../../i18n/app-messages.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { cx } from '../../ui/cx.ts';
import { Page } from '../../ui/page.tsx';
import styles from '../features.module.css';
import { legalMessages as m } from './legal-messages.ts';

/** The pages the footer links to (issue 13): each a heading, a lead and four short sections. */
export type LegalPageName = 'help' | 'terms' | 'privacy' | 'accessibility';

interface LegalContent {
  title: MessageDescriptor;
  lead: MessageDescriptor;
  sections: ReadonlyArray<readonly [MessageDescriptor, MessageDescriptor]>;
}

const CONTENT: Record<LegalPageName, LegalContent> = {
  help: {
    title: m.helpTitle,
    lead: m.helpLead,
    sections: [
      [m.helpS1Heading, m.helpS1Body],
      [m.helpS2Heading, m.helpS2Body],
      [m.helpS3Heading, m.helpS3Body],
      [m.helpS4Heading, m.helpS4Body],
    ],
  },
  terms: {
    title: m.termsTitle,
    lead: m.termsLead,
    sections: [
      [m.termsS1Heading, m.termsS1Body],
      [m.termsS2Heading, m.termsS2Body],
      [m.termsS3Heading, m.termsS3Body],
      [m.termsS4Heading, m.termsS4Body],
    ],
  },
  privacy: {
    title: m.privacyTitle,
    lead: m.privacyLead,
    sections: [
      [m.privacyS1Heading, m.privacyS1Body],
      [m.privacyS2Heading, m.privacyS2Body],
      [m.privacyS3Heading, m.privacyS3Body],
      [m.privacyS4Heading, m.privacyS4Body],
    ],
  },
  accessibility: {
    title: m.accessibilityTitle,
    lead: m.accessibilityLead,
    sections: [
      [m.accessibilityS1Heading, m.accessibilityS1Body],
      [m.accessibilityS2Heading, m.accessibilityS2Body],
      [m.accessibilityS3Heading, m.accessibilityS3Body],
      [m.accessibilityS4Heading, m.accessibilityS4Body],
    ],
  },
};

/** Help, terms of service, privacy policy or the accessibility statement, with the support address from the settings. */
export function LegalPage({ page }: { page: LegalPageName }) {
  const intl = useIntl();
  const settings = useSettings();
  const supportEmail = settings?.supportEmail ?? intl.formatMessage(appMessages.supportTeam);
  const content = CONTENT[page];
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
