import { Outlet, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
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
  const router = useRouter();
  const signedOut = useSelector(session, (snapshot) => snapshot.matches('signedOut'));
  const permissions = useSelector(session, (snapshot) => snapshot.context.user?.permissions ?? []);
  const category = useSelector(session, (snapshot) => snapshot.context.user?.category ?? null);

  // The route's guard decides where to go: running it again sends the visitor to the login page.
  useEffect(() => {
    if (signedOut) void router.invalidate();
  }, [signedOut, router]);

  return (
    <div className={cx(styles.layout)}>
      <ProfileMenu permissions={permissions} category={category} />
      <div>
        <Outlet />
      </div>
    </div>
  );
}
