import { lazy } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { ProfileFeature, ProfilePending } from '../profile-lazy.tsx';
import { loadBasicProfileEmailsPage, loadBasicProfilePage } from '../profile-load.ts';
import { profileMessages } from '../profile-messages.ts';
import type { BasicSection } from './basic-profile-view.tsx';

const LazyPage = lazy(() => loadBasicProfilePage().then((module) => ({ default: module.BasicProfilePage })));
const LazyEmailsPage = lazy(() => loadBasicProfileEmailsPage().then((module) => ({ default: module.BasicProfileEmailsPage })));

/** The menu entry of each section: its text is the heading shown while the section loads. */
const SECTION_ENTRIES: Record<BasicSection, MessageDescriptor> = {
  personal: profileMessages.basic,
  address: profileMessages.address,
  emails: profileMessages.emails,
};

/** What `/profile`, `/profile/address` and `/profile/emails` mount: the loading state until the page and its messages are here. */
export function BasicProfileRouteView({ section }: { section: BasicSection }) {
  return (
    <ProfileFeature groups={['profileBasic']} title={SECTION_ENTRIES[section]}>
      {section === 'emails' ? <LazyEmailsPage /> : <LazyPage section={section} />}
    </ProfileFeature>
  );
}

/** The sections' route pending component: heading and outline inside the profile frame. */
export function BasicProfilePending({ section }: { section: BasicSection }) {
  return <ProfilePending title={SECTION_ENTRIES[section]} />;
}
