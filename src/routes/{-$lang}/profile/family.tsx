import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import type { FamilyJoinLink } from '../../../../contract/schemas/family.ts';
import { loadFamilyPage } from '../../../features/family/family-load.ts';
import { FamilyRouteView } from '../../../features/family/family-route-view.tsx';

/**
 * A join link's values (`?adminEmail=…&familyRef=…&code=…`); anything unusable reads as absent.
 * The router reads query values as JSON where they parse, so a code such as 912986 arrives as a
 * number and is taken back as the text it was.
 */
const text = (max: number) =>
  v.fallback(v.optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.trim(), v.nonEmpty(), v.maxLength(max))), undefined);
const FamilySearchSchema = v.object({ adminEmail: text(254), familyRef: text(20), code: text(20) });

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
  const search = Route.useSearch();
  const link: Partial<FamilyJoinLink> | null = search.adminEmail || search.familyRef || search.code ? { ...search } : null;
  return <FamilyRouteView link={link} />;
}
