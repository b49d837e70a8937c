import type { MachineName } from '../../../machines/index.ts';

/**
 * Where designers find a flow's states in Storybook: the screen as a user meets it
 * (`Family/Family details` shows as Family › Family details) and a readable title per state the view model's
 * neighbour `<flow>.screen.ts` names. A refusal state it does not name is titled by its code's
 * English message (`refusalTitle`, test/view/support/refusals.ts); scripts/gen-stories.ts writes
 * the titles, and test/unit/gen-stories.test.ts fails when a reachable state has none or two
 * states share one.
 */
export interface Screen {
  /** The machine the screen shows. */
  machine: MachineName;
  /** The sidebar path, `/`-separated: section first, then the screen. */
  screen: string;
  /** Raw state path (`ready.confirming.kick`) → readable title. */
  states: Readonly<Record<string, string>>;
}

export function defineScreen(machine: MachineName, screen: string, states: Readonly<Record<string, string>>): Screen {
  return { machine, screen, states };
}

/** The titles of a sent code's states (machines/sent-code.ts) under `at` (`codeSent`, `code`): its resend countdown and its entry. */
export function sentCodeTitles(at: string): Record<string, string> {
  return {
    [`${at}.resend.locked`]: 'Code sent, resend locked',
    [`${at}.resend.available`]: 'Code sent, resend available',
    [`${at}.entry.editing.idle`]: 'Enter the code',
    [`${at}.entry.editing.invalid`]: 'Code with field errors',
    [`${at}.entry.editing.failed`]: 'Code check failed',
    [`${at}.entry.verifying`]: 'Checking the code',
  };
}
