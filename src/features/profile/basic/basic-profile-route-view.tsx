import { lazy } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { ProfileFeature, ProfilePending } from '../profile-lazy.tsx';
import { loadBasicProfilePage } from '../profile-load.ts';
import { profileMessages } from '../profile-messages.ts';
import type { BasicSection } from './basic-profile-view.tsx';

const LazyPage = lazy(() => loadBasicProfilePage().then((module) => ({ default: module.BasicProfilePage })));

/** The menu entry of each section: its text is the heading shown while the section loads. */
const SECTION_ENTRIES: Record<BasicSection, MessageDescriptor> = {
  personal: profileMessages.basic,
  address: profileMessages.address,
  emails: profileMessages.emails,
};

/** What `/profile`, `/profile/address` and `/profile/emails` mount: the loading state until the page and its messages are here. */
export function BasicProfileRouteView({ section }: { section: BasicSection }) {
  return (
    <ProfileFeature groups={['profileBasic', 'profileSummary']} title={SECTION_ENTRIES[section]}>
      <LazyPage section={section} />
    </ProfileFeature>
  );
}

/** The sections' route pending component: heading and outline inside the profile frame. */
export function BasicProfilePending({ section }: { section: BasicSection }) {
  return <ProfilePending title={SECTION_ENTRIES[section]} />;
}
