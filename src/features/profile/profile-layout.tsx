import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';
import { cx } from '../../ui/cx.ts';
import { ProfileMenu } from './profile-menu.tsx';
import styles from './profile.module.css';

/**
 * The signed-in area: the profile menu beside the page. If the session ends while here (log out,
 * an acknowledged expiry), the visitor goes to the login page, which brings them back after.
 */
export function ProfileLayout() {
  const { session } = useAppActors();
  const lang = useLanguage();
  const location = useLocation();
  const signedOut = useSelector(session, (snapshot) => snapshot.matches('signedOut'));
  const permissions = useSelector(session, (snapshot) => snapshot.context.user?.permissions ?? []);

  if (signedOut) return <Navigate to="/{-$lang}/login" params={{ lang }} search={{ redirect: location.href }} replace />;
  return (
    <div className={cx(styles.layout)}>
      <ProfileMenu permissions={permissions} />
      <div>
        <Outlet />
      </div>
    </div>
  );
}
