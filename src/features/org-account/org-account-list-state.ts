import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { orgAccountListMachine } from '../../../machines/org-account/org-account-list.machine.ts';

export type ListActor = ActorRefFrom<typeof orgAccountListMachine>;
export type ListSnapshot = SnapshotFrom<typeof orgAccountListMachine>;

/** The list may be changed (not the read-only mode of an account that may only read it). */
export const writable = (snapshot: ListSnapshot) => !snapshot.matches('readOnly');
