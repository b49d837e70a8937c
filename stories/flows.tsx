/**
 * Each flow's view, by machine name: one line per flow. `npm test` (or
 * `npx tsx scripts/gen-stories.ts`) then writes `stories/<machine>.stories.tsx` with one story per
 * reachable state of the machine's model. Machines without a line here get their statechart only.
 *
 *   passwordLogin: flow(machineModels.passwordLogin, PasswordLoginView),
 */
export const FLOWS = {};
