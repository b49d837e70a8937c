import { rmSync } from 'node:fs';
import { JOURNEY_STATES_DIR } from '../support/e2e.ts';

/** A run starts with no recorded states: `npm run coverage:machines` reads this run's only. */
export default function globalSetup() {
  rmSync(JOURNEY_STATES_DIR, { recursive: true, force: true });
}
