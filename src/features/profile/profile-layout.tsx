import { Outlet, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useAppActors } from '../../shell/app-context.tsx';
import { cx } from '../../ui/cx.ts';
import { ProfileMenu } from './profile-menu.tsx';
import styles from './profile.module.css';

/**
 * The profile frame: the menu beside the page. Every signed-in page under the menu uses it (the
 * /profile routes, /school-staff-info), and so does their loading state.
 */
export function ProfileFrame({ children }: { children: ReactNode }) {
  const { session } = useAppActors();
  const permissions = useSelector(session, (snapshot) => snapshot.context.user?.permissions ?? []);
  const category = useSelector(session, (snapshot) => snapshot.context.user?.category ?? null);
  return (
    <div className={cx(styles.layout)}>
      <ProfileMenu permissions={permissions} category={category} />
      <div className={cx(styles.content)}>{children}</div>
    </div>
  );
}

/**
 * The signed-in area's layout route (with `children`: a signed-in page outside /profile, such as
 * /school-staff-info, in the same frame). If the session ends while here otherwise than by a
 * logout (an acknowledged expiry), the visitor goes to the login page, which brings them back
 * after; a logout goes to the login page without the way back (src/shell/language-layout.tsx).
 */
export function ProfileLayout({ children }: { children?: ReactNode }) {
  const { session } = useAppActors();
  const router = useRouter();

  // The route's guard decides where to go: running it again sends the visitor to the login page.
  useEffect(() => {
    let previous = session.getSnapshot();
    if (previous.matches('signedOut')) void router.invalidate();
    const subscription = session.subscribe((snapshot) => {
      const ended = snapshot.matches('signedOut') && !previous.matches('signedOut') && !previous.matches('loggingOut');
      previous = snapshot;
      if (ended) void router.invalidate();
    });
    return () => subscription.unsubscribe();
  }, [session, router]);

  return <ProfileFrame>{children ?? <Outlet />}</ProfileFrame>;
}
