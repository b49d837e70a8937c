import config from './message-groups.json';

/**
 * Messages are downloaded in groups so a page fetches only what it shows: `core` (shell, UI kit,
 * the refusals shown with no gesture) plus the groups of the routes on screen; the field
 * sentences and the other refusals are late groups, downloaded on the first gesture
 * (late-groups.ts).
 * The data is message-groups.json (read by vite.config.ts to cut the locale files, and by any
 * script that needs to know what a page downloads):
 * - `groups`: a message belongs to the group whose id prefix is the longest match; ids matching
 *   no prefix are core.
 * - `routes`: the groups each route id needs besides core. A route missing there gets every
 *   group (correct, only heavier), so forgetting a line never shows raw message ids.
 * The browser reads only `routes` (route-message-groups.ts: `messageGroupsForRoutes`); this module
 * is for the build, the scripts and the tests.
 */
export const MESSAGE_GROUPS: Readonly<Record<MessageGroup, readonly string[]>> = config.groups;

export type MessageGroup = keyof typeof config.groups;

export const ALL_MESSAGE_GROUPS = Object.keys(config.groups) as MessageGroup[];

export function isMessageGroup(value: string): value is MessageGroup {
  return Object.hasOwn(config.groups, value);
}

/**
 * The emails' messages (`mail.*`, server/mail/messages.ts) live in the same locale files but are
 * formatted on the server only: no page downloads them.
 */
export const SERVER_ONLY_MESSAGE_PREFIX = 'mail.';

export function isServerOnlyMessage(id: string): boolean {
  return id.startsWith(SERVER_ONLY_MESSAGE_PREFIX);
}

/** The group a message id belongs to. */
export function groupOfMessage(id: string): MessageGroup {
  let best: MessageGroup = 'core';
  let bestLength = 0;
  for (const group of ALL_MESSAGE_GROUPS) {
    for (const prefix of MESSAGE_GROUPS[group]) {
      if (id.startsWith(prefix) && prefix.length > bestLength) {
        best = group;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}
