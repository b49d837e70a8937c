import { useIntl } from 'react-intl';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { familyMessages } from './family-messages.ts';

/** The family page while it reads where the user stands, or while one of its parts downloads. */
export function FamilyLoading() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(familyMessages.title)}>
      <Spinner label={intl.formatMessage(familyMessages.loading)} />
    </Page>
  );
}
