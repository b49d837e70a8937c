import { useIntl } from 'react-intl';
import { RouteLink } from '../../shell/route-link.tsx';
import { Page } from '../../ui/page.tsx';
import { errorPageMessages } from './error-page-messages.ts';

export function NotFoundPage() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(errorPageMessages.notFoundTitle)}>
      <p>{intl.formatMessage(errorPageMessages.notFoundBody)}</p>
      <p>
        <RouteLink to="/{-$lang}">{intl.formatMessage(errorPageMessages.home)}</RouteLink>
      </p>
    </Page>
  );
}
