import { useActorRef } from '@xstate/react';
import { ssoExportMachine } from '../../../machines/sso-export/sso-export.machine.ts';
import { ssoExportActors } from '../../api/sso-export.ts';
import { SsoExportView } from './sso-export-view.tsx';

const liveSsoExportMachine = ssoExportMachine.provide({ actors: { downloadExport: ssoExportActors.downloadExport } });

/** Starts the export flow with the real download. */
export function SsoExportPage() {
  const actor = useActorRef(liveSsoExportMachine, { input: {} });
  return <SsoExportView actor={actor} />;
}
