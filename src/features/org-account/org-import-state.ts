import type { ActorRefFrom } from 'xstate';
import type { orgAccountImportMachine } from '../../../machines/org-account/org-account-import.machine.ts';

export type ImportActor = ActorRefFrom<typeof orgAccountImportMachine>;
