import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useLanguage } from '../i18n/i18n-provider.tsx';

type AppRouter = ReturnType<typeof useRouter>;
type RoutePath = keyof AppRouter['routesByPath'];

function isRoutePath(router: AppRouter, path: string): path is RoutePath {
  return Object.hasOwn(router.routesByPath, path);
}

/** `/{-$lang}/users/register` in a language: `/en/users/register` (other optional params dropped). */
export function hrefOf(path: string, lang: string, search?: Record<string, string | undefined>): string {
  const pathname = path.replace('{-$lang}', lang).replace(/\/\{-\$[^}]+\}/g, '').replace(/(.)\/$/, '$1');
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) if (value !== undefined) query.set(key, value);
  const queryString = query.toString();
  return queryString ? `${pathname}?${queryString}` : pathname;
}

export interface RouteLinkProps {
  /** A route's full path with its language segment, e.g. `/{-$lang}/forget-password`. */
  to: string;
  search?: Record<string, string | undefined>;
  className?: string;
  /** Added when the link points at the current page (which also gets `aria-current="page"`). */
  activeClassName?: string;
  /** Used instead of `className` while the route does not exist (the entry shows as text). */
  unavailableClassName?: string;
  /** Called when the link is followed (e.g. a menu folds itself). */
  onClick?: () => void;
  children: ReactNode;
}

/**
 * A link to a route of this app in the current language. A route that does not exist (yet) is
 * shown as plain text rather than a dead link, so menus can list features before they land.
 * Outside a router (stories) it is a plain link.
 */
export function RouteLink({ to, search, className, activeClassName, unavailableClassName, onClick, children }: RouteLinkProps) {
  const lang = useLanguage();
  // Stories render views without a router; `warn: false` makes that a plain link, not an error.
  const router = useRouter({ warn: false }) as AppRouter | undefined;
  if (!router) {
    return (
      <a className={className} href={hrefOf(to, lang, search)} onClick={onClick}>
        {children}
      </a>
    );
  }
  if (!isRoutePath(router, to)) return <span className={unavailableClassName ?? className}>{children}</span>;
  return (
    <Link
      className={className}
      to={to}
      params={{ lang }}
      search={search ?? {}}
      activeOptions={{ exact: true, includeSearch: false }}
      activeProps={activeClassName ? { className: activeClassName } : {}}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
