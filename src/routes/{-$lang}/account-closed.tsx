import { createFileRoute } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { accountClosureMessages as messages } from '../../features/account-closure/account-closure-messages.ts';
import { AccountClosedNotice } from '../../features/account-closure/account-closure-notices.tsx';
import { Page } from '../../ui/page.tsx';

/** `?eraseAt=` is the erasure time the close call answered; anything else shows no date. */
const AccountClosedSearchSchema = v.object({
  eraseAt: v.fallback(v.optional(v.pipe(v.string(), v.isoTimestamp())), undefined),
});

/** The signed-out confirmation after closing one's account (issue 23), outside the signed-in area. */
export const Route = createFileRoute('/{-$lang}/account-closed')({
  validateSearch: AccountClosedSearchSchema,
  component: AccountClosedRoute,
});

function AccountClosedRoute() {
  const intl = useIntl();
  const { eraseAt } = Route.useSearch();
  return <Page title={intl.formatMessage(messages.closedTitle)}>{eraseAt ? <AccountClosedNotice eraseAt={eraseAt} /> : null}</Page>;
}
