import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import * as v from 'valibot';
import type { FamilyJoinLink } from '../../../../contract/schemas/family.ts';
import { loadFamilyPage } from '../../../features/family/family-load.ts';
import { FAMILY_SCREENS, type FamilyScreen, type HistoryMove } from '../../../features/family/family-screens.ts';
import { FamilyRouteView } from '../../../features/family/family-route-view.tsx';
import { takeLinkCode } from '../../../shell/sign-in-redirect.ts';

/**
 * A join link's values (`?adminEmail=…&familyRef=…&code=…`); anything unusable reads as absent.
 * The router reads query values as JSON where they parse, so a code such as 912986 arrives as a
 * number and is taken back as the text it was.
 */
const text = (max: number) =>
  v.fallback(v.optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.trim(), v.nonEmpty(), v.maxLength(max))), undefined);
const FamilySearchSchema = v.object({
  adminEmail: text(254),
  familyRef: text(20),
  code: text(20),
  /** The family screen shown (issue 13): each has its own history entry, so the browser's Back stays on the family page. */
  screen: v.fallback(v.optional(v.picklist(FAMILY_SCREENS)), undefined),
});

/** Signed in only: the parent /profile route sends visitors to the login page first. */
export const Route = createFileRoute('/{-$lang}/profile/family')({
  validateSearch: FamilySearchSchema,
  // Not awaited: the feature downloads beside the route's chunk while the loading state shows.
  loader: () => {
    void loadFamilyPage().catch(() => undefined);
  },
  component: FamilyRoute,
});

function FamilyRoute() {
  const { adminEmail, familyRef, code, screen } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  // The link's values are read when the page starts: one object for the page's life. A link
  // opened signed out comes back from the login without its code, which waited aside.
  const [link] = useState<Partial<FamilyJoinLink> | null>(() => {
    const linkCode = code ?? (adminEmail || familyRef ? takeLinkCode() : undefined);
    return adminEmail || familyRef || linkCode ? { adminEmail, familyRef, code: linkCode } : null;
  });
  const moveHistory = useCallback(
    (next: FamilyScreen | null, how: HistoryMove) => {
      if (how === 'back') router.history.back();
      else void navigate({ search: (previous) => ({ ...previous, screen: next ?? undefined }), replace: how === 'replace' });
    },
    [navigate, router],
  );
  // A sent join request has used the link: a reload then shows the family page as it is.
  const forgetLink = useCallback(() => {
    void navigate({ search: (previous) => ({ ...previous, adminEmail: undefined, familyRef: undefined, code: undefined }), replace: true });
  }, [navigate]);
  return <FamilyRouteView link={link} screen={screen ?? null} moveHistory={moveHistory} forgetLink={forgetLink} />;
}
