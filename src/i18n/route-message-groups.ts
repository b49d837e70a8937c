import { routes } from './message-groups.json';
import { importers } from './message-importers.gen.ts';
import type { MessageGroup } from './message-groups.ts';

/**
 * What the browser needs of message-groups.json: the groups each route needs. The groups' id
 * prefixes (which cut the locale files at build time, message-groups.ts) stay out of the start
 * chunk: the group names come from the generated importers, which has one entry per group.
 */
export const ALL_MESSAGE_GROUPS = Object.keys(importers) as MessageGroup[];

const ROUTE_MESSAGE_GROUPS: Readonly<Record<string, readonly string[]>> = routes;

/** Core plus the groups of every route on the way to a page (a route missing from the file gets every group). */
export function messageGroupsForRoutes(routeIds: readonly string[]): MessageGroup[] {
  const groups = new Set<string>(['core']);
  for (const routeId of routeIds) {
    const needed = Object.hasOwn(ROUTE_MESSAGE_GROUPS, routeId) ? (ROUTE_MESSAGE_GROUPS[routeId] ?? []) : ALL_MESSAGE_GROUPS;
    for (const group of needed) groups.add(group);
  }
  return ALL_MESSAGE_GROUPS.filter((group) => groups.has(group));
}
