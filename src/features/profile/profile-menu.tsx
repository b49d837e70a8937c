import { useId, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { AccountCategory, Permission } from '../../../contract/constants.ts';
import type { PlatformLinks } from '../../../contract/schemas/account.ts';
import { useSettings } from '../../shell/app-context.tsx';
import { RouteLink } from '../../shell/route-link.tsx';
import { cx } from '../../ui/cx.ts';
import styles from './profile.module.css';
import { profileMessages } from './profile-messages.ts';

interface MenuEntry {
  label: MessageDescriptor;
  /** A page of this portal. */
  to?: string;
  /** One of the platform's other services: its address comes from the server settings; without one the entry is not shown. */
  service?: keyof PlatformLinks;
  /** Shown only to users with this permission (SPEC §6). */
  needs?: Permission;
  /** Shown only to accounts of these categories (school staff info: school-based teachers). */
  onlyFor?: readonly AccountCategory[];
}

interface MenuGroup {
  label: MessageDescriptor;
  entries: MenuEntry[];
}

/**
 * SPEC §2 profile menu. Every entry opens a page of this portal or a configured service of the
 * platform, or is not shown (docs/decisions/profile-design.md): no entry is dead text.
 */
export const PROFILE_MENU: ReadonlyArray<MenuEntry | MenuGroup> = [
  { label: profileMessages.selfService, service: 'selfService' },
  { label: profileMessages.emailForwarding, service: 'emailForwarding', needs: 'emailForwarding' },
  { label: profileMessages.myRecords, service: 'myRecords' },
  { label: profileMessages.subscription, service: 'subscription' },
  {
    label: profileMessages.editProfile,
    entries: [
      { label: profileMessages.basic, to: '/{-$lang}/profile' },
      { label: profileMessages.address, to: '/{-$lang}/profile/address' },
      { label: profileMessages.emails, to: '/{-$lang}/profile/emails' },
      { label: profileMessages.teacher, to: '/{-$lang}/profile/teacher', needs: 'profile.teacher' },
      { label: profileMessages.schoolStaff, to: '/{-$lang}/school-staff-info', needs: 'profile.teacher', onlyFor: ['SCHOOL_BASED_TEACHER'] },
      { label: profileMessages.parent, to: '/{-$lang}/profile/parent', needs: 'profile.parent' },
      { label: profileMessages.family, to: '/{-$lang}/profile/family', needs: 'family' },
    ],
  },
  {
    label: profileMessages.password,
    entries: [
      { label: profileMessages.changePassword, to: '/{-$lang}/profile/password' },
      { label: profileMessages.regenQr, to: '/{-$lang}/profile/regen-qrcode', needs: 'loginQrCode' },
    ],
  },
  { label: profileMessages.association, to: '/{-$lang}/profile/association', needs: 'fullMember' },
  { label: profileMessages.studentUpgrade, to: '/{-$lang}/profile/student-upgrade', onlyFor: ['STUDENT'] },
  { label: profileMessages.fullUpgrade, to: '/{-$lang}/profile/full-upgrade', onlyFor: ['PUBLIC'] },
  { label: profileMessages.ssoExport, to: '/{-$lang}/org_account/sso-export', needs: 'org_account.read' },
  { label: profileMessages.loginInfo, to: '/{-$lang}/profile/login-info' },
  { label: profileMessages.security, to: '/{-$lang}/profile/security' },
  { label: profileMessages.myData, to: '/{-$lang}/profile/my-data' },
  { label: profileMessages.orgAccount, to: '/{-$lang}/org_account', needs: 'org_account.read' },
  { label: profileMessages.closeAccount, to: '/{-$lang}/profile/account-closure' },
];

function isGroup(item: MenuEntry | MenuGroup): item is MenuGroup {
  return 'entries' in item;
}

function Entry({ entry, href, onFollow }: { entry: MenuEntry; href: string | null; onFollow: () => void }) {
  const intl = useIntl();
  const text = intl.formatMessage(entry.label);
  return (
    <li>
      {entry.to ? (
        <RouteLink to={entry.to} className={cx(styles.menuLink)} activeClassName={cx(styles.menuCurrent)} onClick={onFollow}>
          {text}
        </RouteLink>
      ) : (
        <a href={href ?? undefined} className={cx(styles.menuLink)}>
          {text}
        </a>
      )}
    </li>
  );
}

export interface ProfileMenuProps {
  permissions: readonly Permission[];
  category: AccountCategory | null;
  /** Start with the menu open on a narrow screen (stories); it always shows on a wide one. */
  initiallyOpen?: boolean;
}

/**
 * The menu beside the profile pages. On a narrow screen it folds behind a "Profile menu" button
 * (a disclosure) so the page's heading and first field are on the first screen; following an
 * entry folds it again.
 */
export function ProfileMenu({ permissions, category, initiallyOpen = false }: ProfileMenuProps) {
  const intl = useIntl();
  const settings = useSettings();
  const listId = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const hrefOf = (entry: MenuEntry) => (entry.service ? (settings?.platformLinks[entry.service] ?? null) : null);
  const shown = (entry: MenuEntry) =>
    (entry.to !== undefined || hrefOf(entry) !== null) &&
    (!entry.needs || permissions.includes(entry.needs)) &&
    (!entry.onlyFor || (category !== null && entry.onlyFor.includes(category)));
  const close = () => setOpen(false);
  const label = intl.formatMessage(profileMessages.menu);
  return (
    <nav aria-label={label} className={cx(styles.menu)}>
      <button type="button" className={cx(styles.menuToggle)} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        {label}
      </button>
      <ul id={listId} className={cx(styles.menuList, styles.menuTop, open && styles.menuOpen)}>
        {PROFILE_MENU.map((item) => {
          if (!isGroup(item)) return shown(item) ? <Entry key={item.label.id} entry={item} href={hrefOf(item)} onFollow={close} /> : null;
          const entries = item.entries.filter(shown);
          if (entries.length === 0) return null;
          return (
            <li key={item.label.id}>
              <span className={cx(styles.menuGroup)}>{intl.formatMessage(item.label)}</span>
              <ul className={cx(styles.menuList, styles.menuNested)}>
                {entries.map((entry) => (
                  <Entry key={entry.label.id} entry={entry} href={hrefOf(entry)} onFollow={close} />
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
