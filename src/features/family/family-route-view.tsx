import { lazy, Suspense } from 'react';
import type { FamilyJoinLink } from '../../../contract/schemas/family.ts';
import { loadFamilyPage } from './family-load.ts';
import { FamilyLoading } from './family-loading.tsx';

const LazyFamilyPage = lazy(() => loadFamilyPage().then((module) => ({ default: module.FamilyPage })));

/** What the route mounts: the loading state at once, the family page as soon as its code is here. */
export function FamilyRouteView({ link }: { link: Partial<FamilyJoinLink> | null }) {
  return (
    <Suspense fallback={<FamilyLoading />}>
      <LazyFamilyPage link={link} />
    </Suspense>
  );
}
