import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import { SsoExportRequestSchema, type SsoExportFile, type SsoExportFormat, type SsoExportRequest } from '../../contract/schemas/sso-export.ts';
import { actorOutput, calling, checkedSubmit, childrenOf, failTo, flowTypes, formPiece, REFUSED, unprovided, validate, type FailureCode } from '../form.ts';

export type SsoExportInput = Record<string, never>;

export interface SsoExportContext {
  values: {
    /** The identity provider whose bulk-creation file to make; null until chosen. */
    format: SsoExportFormat | null;
  };
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  /** The file last saved. */
  file: SsoExportFile | null;
}

export type SsoExportEvent =
  | { type: 'form.change'; field: 'format'; value: SsoExportFormat }
  | { type: 'form.submit' }
  /** After a download or a failure: back to choosing a format. */
  | { type: 'export.restart' }
  | { type: 'retry' };

function exportInput({ context }: { context: SsoExportContext }): SsoExportRequest {
  if (context.values.format === null) throw new Error('ssoExport: preparing without a format');
  return { format: context.values.format };
}

const form = formPiece<SsoExportContext, SsoExportEvent>((context) => validate(SsoExportRequestSchema, context.values));

const actors = {
  downloadExport: unprovided<SsoExportFile, SsoExportRequest>('ssoExport', 'downloadExport'),
};

export const ssoExportMachine = setup({
  types: { ...flowTypes<SsoExportContext, SsoExportEvent, SsoExportInput>(), children: childrenOf(actors) },
  actors,
  guards: form.guards,
  actions: {
    ...form.actions,
    assignFile: assign({ file: ({ event }) => actorOutput<SsoExportFile>(event, 'downloadExport') }),
  },
}).createMachine({
  id: 'ssoExport',
  context: { values: { format: null }, fieldErrors: [], errorCode: null, file: null },
  initial: 'choosing',
  states: {
    choosing: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { actions: 'assignValue' },
        'form.submit': checkedSubmit('preparing'),
      },
      states: {
        idle: {},
        /** No format chosen. */
        invalid: REFUSED,
      },
    },
    preparing: calling('downloadExport', {
      input: exportInput,
      onDone: { target: 'downloaded', actions: 'assignFile' },
      onError: failTo('failed'),
    }),
    downloaded: {
      tags: ['done'],
      on: { 'export.restart': 'choosing' },
    },
    /** Refused (no permission, no teacher email domain) or not reached: the code says which. */
    failed: {
      tags: ['error'],
      on: {
        retry: { target: 'preparing', actions: 'clearErrors' },
        'export.restart': { target: 'choosing', actions: 'clearErrors' },
      },
    },
  },
});
