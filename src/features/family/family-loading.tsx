import { useIntl } from 'react-intl';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { familyMessages } from './family-messages.ts';

/** A family page that waits: its title and what it waits for. */
export function SpinnerPage({ title, label, focusHeading }: { title: string; label: string; focusHeading?: boolean }) {
  return (
    <Page title={title} focusHeading={focusHeading}>
      <Spinner label={label} />
    </Page>
  );
}

/** The family page while it reads where the user stands, or while one of its parts downloads. */
export function FamilyLoading() {
  const intl = useIntl();
  return <SpinnerPage title={intl.formatMessage(familyMessages.title)} label={intl.formatMessage(familyMessages.loading)} />;
}
