import { useIntl, type MessageDescriptor } from 'react-intl';
import type { AccountCategory, Permission } from '../../../contract/constants.ts';
import { RouteLink } from '../../shell/route-link.tsx';
import { cx } from '../../ui/cx.ts';
import styles from './profile.module.css';
import { profileMessages } from './profile-messages.ts';

interface MenuEntry {
  label: MessageDescriptor;
  /** The route, when the feature has one; entries without a route (yet) show as plain text. */
  to?: string;
  /** Shown only to users with this permission (SPEC §6). */
  needs?: Permission;
  /** Shown only to accounts of these categories (school staff info: school-based teachers). */
  onlyFor?: readonly AccountCategory[];
}

interface MenuGroup {
  label: MessageDescriptor;
  entries: MenuEntry[];
}

/** SPEC §2 profile menu. Routes not in the route tree yet render as text (see RouteLink). */
export const PROFILE_MENU: ReadonlyArray<MenuEntry | MenuGroup> = [
  { label: profileMessages.selfService },
  { label: profileMessages.emailForwarding, needs: 'emailForwarding' },
  { label: profileMessages.myRecords },
  { label: profileMessages.subscription },
  {
    label: profileMessages.editProfile,
    entries: [
      { label: profileMessages.basic, to: '/{-$lang}/profile' },
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
  { label: profileMessages.loginInfo, to: '/{-$lang}/profile/login-info' },
  { label: profileMessages.security, to: '/{-$lang}/profile/security' },
  { label: profileMessages.orgAccount, to: '/{-$lang}/org_account', needs: 'org_account.read' },
];

function isGroup(item: MenuEntry | MenuGroup): item is MenuGroup {
  return 'entries' in item;
}

function Entry({ entry }: { entry: MenuEntry }) {
  const intl = useIntl();
  const text = intl.formatMessage(entry.label);
  return (
    <li>
      {entry.to ? (
        <RouteLink to={entry.to} className={cx(styles.menuLink)} activeClassName={cx(styles.menuCurrent)} unavailableClassName={cx(styles.menuText)}>
          {text}
        </RouteLink>
      ) : (
        <span className={cx(styles.menuText)}>{text}</span>
      )}
    </li>
  );
}

export function ProfileMenu({ permissions, category }: { permissions: readonly Permission[]; category: AccountCategory | null }) {
  const intl = useIntl();
  const allowed = (entry: MenuEntry) =>
    (!entry.needs || permissions.includes(entry.needs)) && (!entry.onlyFor || (category !== null && entry.onlyFor.includes(category)));
  return (
    <nav aria-label={intl.formatMessage(profileMessages.menu)} className={cx(styles.menu)}>
      <ul className={cx(styles.menuList)}>
        {PROFILE_MENU.map((item) => {
          if (!isGroup(item)) return allowed(item) ? <Entry key={item.label.id} entry={item} /> : null;
          const entries = item.entries.filter(allowed);
          if (entries.length === 0) return null;
          return (
            <li key={item.label.id}>
              <span className={cx(styles.menuGroup)}>{intl.formatMessage(item.label)}</span>
              <ul className={cx(styles.menuList, styles.menuNested)}>
                {entries.map((entry) => (
                  <Entry key={entry.label.id} entry={entry} />
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
