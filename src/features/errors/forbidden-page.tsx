import { useIntl } from 'react-intl';
import { appMessages } from '../../i18n/app-messages.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { RouteLink } from '../../shell/route-link.tsx';
import { Page } from '../../ui/page.tsx';
import { errorPageMessages } from './error-page-messages.ts';

export function ForbiddenPage() {
  const intl = useIntl();
  const settings = useSettings();
  const supportEmail = settings?.supportEmail ?? intl.formatMessage(appMessages.supportTeam);
  return (
    <Page title={intl.formatMessage(errorPageMessages.forbiddenTitle)}>
      <p>{intl.formatMessage(errorPageMessages.forbiddenBody, { supportEmail })}</p>
      <p>
        <RouteLink to="/{-$lang}">{intl.formatMessage(errorPageMessages.home)}</RouteLink>
      </p>
    </Page>
  );
}
