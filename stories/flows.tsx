/**
 * Each flow's view, by machine name: made by glob from the view tests (stories/flows.gen.tsx,
 * `npm run registries`), so a flow has its stories as soon as test/view/<machine>.test.tsx
 * replays its view model on its view. `npm test` (or `npx tsx scripts/gen-stories.ts`) then
 * writes `stories/<machine>.stories.tsx` with one story per reachable state of the machine's
 * model. Machines without a view test get their statechart only.
 */
export { FLOWS } from './flows.gen.tsx';
