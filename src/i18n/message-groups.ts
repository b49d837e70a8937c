/**
 * Messages are downloaded in groups so a page fetches only what it shows: `core` (shell, UI kit,
 * field rules, error codes shared by many screens) plus the groups of the routes on screen.
 * A message belongs to the group whose prefix is the longest match of its id; ids matching no
 * prefix are core. Pure data: vite.config.ts reads it too, to cut the locale files.
 */
export const MESSAGE_GROUPS = {
  core: [],
  login: ['login.'],
  registration: ['registration.'],
  /** The profile menu, on every page of the signed-in area. */
  profile: ['profile.'],
  /** The basic profile page itself. */
  profileSummary: ['profile.summary.', 'category.'],
  invalidLink: ['invalidLink.'],
  activation: ['activation.'],
  forgotPassword: ['forgotPassword.'],
  resetPassword: ['resetPassword.'],
  changePassword: ['changePassword.'],
  family: ['family.', 'error.family'],
} as const satisfies Record<string, readonly string[]>;

export type MessageGroup = keyof typeof MESSAGE_GROUPS;

export const ALL_MESSAGE_GROUPS = Object.keys(MESSAGE_GROUPS) as MessageGroup[];

export function isMessageGroup(value: string): value is MessageGroup {
  return Object.hasOwn(MESSAGE_GROUPS, value);
}

/** The group a message id belongs to. */
export function groupOfMessage(id: string): MessageGroup {
  let best: MessageGroup = 'core';
  let bestLength = 0;
  for (const group of ALL_MESSAGE_GROUPS) {
    for (const prefix of MESSAGE_GROUPS[group] as readonly string[]) {
      if (id.startsWith(prefix) && prefix.length > bestLength) {
        best = group;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

/**
 * The groups each route needs besides core, by route id. A route missing here gets every group
 * (correct, only heavier), so forgetting a line never shows raw message ids.
 */
export const ROUTE_MESSAGE_GROUPS: Readonly<Record<string, readonly MessageGroup[]>> = {
  __root__: [],
  '/{-$lang}': [],
  '/{-$lang}/': [],
  '/{-$lang}/$': [],
  '/{-$lang}/403': [],
  '/{-$lang}/404.html': [],
  '/{-$lang}/login': ['login'],
  '/{-$lang}/users/register': ['registration'],
  '/{-$lang}/user-activate-invalid': ['invalidLink'],
  '/{-$lang}/buyer-activate-invalid': ['invalidLink'],
  '/{-$lang}/reset-password-invalid/{-$type}': ['invalidLink'],
  '/{-$lang}/user-activate': ['activation'],
  '/{-$lang}/buyer-activate': ['activation'],
  '/{-$lang}/forget-password': ['forgotPassword'],
  '/{-$lang}/reset-password': ['resetPassword'],
  '/{-$lang}/profile': ['profile'],
  '/{-$lang}/profile/': ['profileSummary'],
  '/{-$lang}/profile/$': [],
  '/{-$lang}/profile/password': ['changePassword'],
  '/{-$lang}/profile/family': ['family'],
};

/** Core plus the groups of every route on the way to a page. */
export function messageGroupsForRoutes(routeIds: readonly string[]): MessageGroup[] {
  const groups = new Set<MessageGroup>(['core']);
  for (const routeId of routeIds) {
    const needed = ROUTE_MESSAGE_GROUPS[routeId] ?? ALL_MESSAGE_GROUPS;
    for (const group of needed) groups.add(group);
  }
  return ALL_MESSAGE_GROUPS.filter((group) => groups.has(group));
}
