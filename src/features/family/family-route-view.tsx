import { lazy, Suspense } from 'react';
import type { FamilyPageProps } from './family-page.tsx';
import { loadFamilyPage } from './family-load.ts';
import { FamilyLoading } from './family-loading.tsx';

const LazyFamilyPage = lazy(() => loadFamilyPage().then((module) => ({ default: module.FamilyPage })));

/** What the route mounts: the loading state at once, the family page as soon as its code is here. */
export function FamilyRouteView(props: FamilyPageProps) {
  return (
    <Suspense fallback={<FamilyLoading />}>
      <LazyFamilyPage {...props} />
    </Suspense>
  );
}
