import { Suspense, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { lazyMessageGroups } from '../../i18n/lazy-messages.tsx';
import type { MessageGroup } from '../../i18n/message-groups.ts';
import { Page } from '../../ui/page.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { profileFormMessages } from './profile-form-messages.ts';
import { ProfileFrame } from './profile-layout.tsx';

/*
 * A profile form's page, its statechart and its message group download only for its route, as the
 * family page does (docs/decisions/profile-views.md, "Size"): the route's loader starts them, the
 * route shows the loading state while they arrive.
 */

const byGroups = new Map<string, ReturnType<typeof lazyMessageGroups>>();

/** One `lazyMessageGroups` per list of groups, so that each list downloads once per language. */
function messagesOf(groups: readonly MessageGroup[]): ReturnType<typeof lazyMessageGroups> {
  const key = groups.join(',');
  let lazy = byGroups.get(key);
  if (!lazy) {
    lazy = lazyMessageGroups(groups);
    byGroups.set(key, lazy);
  }
  return lazy;
}

function WithGroups({ groups, children }: { groups: readonly MessageGroup[]; children: ReactNode }) {
  const { Provider } = messagesOf(groups);
  return <Provider>{children}</Provider>;
}

/**
 * The loading state of a profile page inside the profile frame: its heading (the menu entry's
 * text, already here with the menu's messages) over the outline of a form.
 */
export function ProfileLoading({ title }: { title: MessageDescriptor }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(title)}>
      <Skeleton label={intl.formatMessage(profileFormMessages.loading)} />
    </Page>
  );
}

/** A profile feature with its message groups; the loading state shows while either downloads. */
export function ProfileFeature({ groups, title, children }: { groups: readonly MessageGroup[]; title: MessageDescriptor; children: ReactNode }) {
  return (
    <Suspense fallback={<ProfileLoading title={title} />}>
      <WithGroups groups={groups}>{children}</WithGroups>
    </Suspense>
  );
}

/**
 * A profile route's pending component (while its guard or data is awaited): the frame with the
 * menu (`framed`, for routes that are not under the /profile layout) and the page's heading over
 * the outline of a form. Before the profile messages are here (a first visit's download), the
 * outline alone: never a raw message id.
 */
export function ProfilePending({ title, framed = false }: { title: MessageDescriptor; framed?: boolean }) {
  const intl = useIntl();
  if (!Object.hasOwn(intl.messages, title.id ?? '')) return <Skeleton />;
  const page = <ProfileLoading title={title} />;
  return framed ? <ProfileFrame>{page}</ProfileFrame> : page;
}
