import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import type { FamilyJoinLink } from '../../../../contract/schemas/family.ts';
import { loadFamilyPage } from '../../../features/family/family-load.ts';
import { FamilyRouteView } from '../../../features/family/family-route-view.tsx';

/** A join link's values (`?adminEmail=…&familyRef=…&code=…`); anything unusable reads as absent. */
const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(max))), undefined);
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
