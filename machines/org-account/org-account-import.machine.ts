import { assertEvent, assign, setup } from 'xstate';
import type { Language } from '../../contract/languages.ts';
import {
  type OrgImportApplied,
  type OrgImportCheck,
  type OrgImportIssue,
} from '../../contract/schemas/org-account.ts';
import * as orgAccount from '../../contract/calls/org-account.ts';
import { actorOutput, callActors, calling, childrenOf, errorCodeActions, failTo, flowTypes, unprovided, type FailureCode } from '../form.ts';

export interface OrgAccountImportInput {
  /** The page's language: the problems in the annotated file are written in it. */
  lang: Language;
}

/** The file as chosen: the browser's File, read only when it is checked. */
export interface ChosenFile {
  name: string;
  size: number;
  /** Reads the file's bytes (a File's `arrayBuffer`). */
  read: () => Promise<ArrayBuffer>;
}

export interface CheckImportInput {
  file: ChosenFile;
  lang: Language;
}

export interface OrgAccountImportContext {
  lang: Language;
  file: ChosenFile | null;
  /** The check that found no problem: what confirming applies. */
  ready: { importId: string; total: number; created: number; updated: number } | null;
  /** The check's problems per row and column, and the file annotated with them (base64 .xlsx). */
  issues: OrgImportIssue[];
  checkedTotal: number;
  annotated: string | null;
  applied: OrgImportApplied | null;
  errorCode: FailureCode | null;
}

export type OrgAccountImportEvent =
  | { type: 'file.choose'; file: ChosenFile | null }
  | { type: 'import.check' }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'import.again' };

function fresh(): Pick<OrgAccountImportContext, 'ready' | 'issues' | 'checkedTotal' | 'annotated' | 'applied' | 'errorCode'> {
  return { ready: null, issues: [], checkedTotal: 0, annotated: null, applied: null, errorCode: null };
}

const actors = {
  ...callActors('orgAccountImport', { applyImport: orgAccount.applyImport }),
  checkImport: unprovided<OrgImportCheck, CheckImportInput>('orgAccountImport', 'checkImport'),
};

export const orgAccountImportMachine = setup({
  types: { ...flowTypes<OrgAccountImportContext, OrgAccountImportEvent, OrgAccountImportInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    hasNoFile: ({ context }) => context.file === null,
    hasProblems: ({ event }) => actorOutput<OrgImportCheck>(event, 'checkImport').status === 'invalid',
    /** A valid file that adds and changes nothing (an export imported again): nothing to confirm. */
    changesNothing: ({ event }) => {
      const check = actorOutput<OrgImportCheck>(event, 'checkImport');
      return check.status === 'ready' && check.created === 0 && check.updated === 0;
    },
  },
  actions: {
    assignFile: assign(({ event }) => {
      assertEvent(event, 'file.choose');
      return { file: event.file, ...fresh() };
    }),
    clearOutcome: assign(() => fresh()),
    assignCheck: assign(({ event }) => {
      const check = actorOutput<OrgImportCheck>(event, 'checkImport');
      return check.status === 'ready'
        ? { ready: { importId: check.importId, total: check.total, created: check.created, updated: check.updated }, checkedTotal: check.total }
        : { issues: check.issues, annotated: check.annotated, checkedTotal: check.total };
    }),
    assignApplied: assign(({ event }) => ({ applied: actorOutput<OrgImportApplied>(event, 'applyImport'), ready: null })),
    ...errorCodeActions<OrgAccountImportContext, OrgAccountImportEvent>(),
  },
}).createMachine({
  id: 'orgAccountImport',
  context: ({ input }) => ({ lang: input.lang, file: null, ...fresh() }),
  initial: 'choosing',
  states: {
    choosing: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'file.choose': { target: '.idle', actions: 'assignFile' },
        'import.check': [
          { guard: 'hasNoFile', target: '.noFile' },
          { target: 'checking', actions: 'clearOutcome' },
        ],
      },
      states: {
        idle: {},
        /** Checked without a file. */
        noFile: { tags: ['error'] },
      },
    },
    checking: calling('checkImport', {
      input: ({ context }: { context: OrgAccountImportContext }) => ({ file: context.file!, lang: context.lang }),
      onDone: [
        { guard: 'hasProblems', target: 'rowErrors', actions: 'assignCheck' },
        { guard: 'changesNothing', target: 'unchanged', actions: 'assignCheck' },
        { target: 'confirming', actions: 'assignCheck' },
      ],
      onError: failTo('refused'),
    }),
    /** The file's problems per row and column; nothing was imported. */
    rowErrors: {
      tags: ['error'],
      on: { 'file.choose': { target: 'choosing.idle', actions: 'assignFile' }, 'import.again': { target: 'choosing.idle', actions: 'clearOutcome' } },
    },
    /** The file itself was refused by the server's check (not .xlsx, over 512 KiB, a zip bomb, too many records, empty…). */
    refused: {
      tags: ['error'],
      on: { 'file.choose': { target: 'choosing.idle', actions: 'assignFile' }, 'import.again': { target: 'choosing.idle', actions: 'clearOutcome' } },
    },
    confirming: {
      tags: ['ready'],
      on: { 'import.confirm': 'importing', 'import.cancel': { target: 'choosing.idle', actions: 'clearOutcome' } },
    },
    /** Valid, but every record is in the list as it is: Import is offered disabled, with the reason (issue 26). */
    unchanged: {
      tags: ['ready'],
      on: { 'import.cancel': { target: 'choosing.idle', actions: 'clearOutcome' } },
    },
    /** Applied in one transaction on the server: all of it or nothing. */
    importing: calling('applyImport', {
      input: ({ context }: { context: OrgAccountImportContext }) => ({ importId: context.ready!.importId }),
      onDone: { target: 'done', actions: 'assignApplied' },
      onError: failTo('failed'),
    }),
    done: { tags: ['done'], on: { 'import.again': { target: 'choosing.idle', actions: 'clearOutcome' } } },
    /** Nothing was imported (the check expired or was used, network, server). */
    failed: { tags: ['error'], on: { 'import.again': { target: 'choosing.idle', actions: 'clearOutcome' } } },
  },
});
