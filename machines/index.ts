import { machineModels } from './models.gen.ts';

/**
 * Every machine's model by name (the machine's id; machines/models.gen.ts, made by glob with
 * `npm run registries`), for the coverage and paths scripts and the
 * story generator. The app imports machines from their own files, never from here: this pulls
 * in the fakes and sample data.
 */
export { machineModels };

export type MachineName = keyof typeof machineModels;

export function isMachineName(value: string): value is MachineName {
  return Object.hasOwn(machineModels, value);
}
