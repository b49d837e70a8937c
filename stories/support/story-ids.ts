import { storyNameFromExport, toId } from 'storybook/internal/csf';

/**
 * The names scripts/gen-stories.ts gives a flow's state stories, and the Storybook ids they get,
 * so a statechart can link each state to its story (Storybook's id is `toId(title, name)` of the
 * export's story name, as its indexer computes it).
 */

/** `editing.loginFailed` → `EditingLoginFailed`, a valid export name unlike any other. */
export function exportName(path: string, taken: Set<string>): string {
  let name = path
    .split(/[^A-Za-z0-9_$]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
  if (!/^[A-Za-z_$]/.test(name)) name = `State${name}`;
  if (name === '' || name === 'Statechart' || name === 'Default') name = `${name}State`;
  let unique = name;
  for (let i = 2; taken.has(unique); i++) unique = `${name}${i}`;
  taken.add(unique);
  return unique;
}

/** Each state's story id under `title`, for the states in the order gen-stories writes them. */
export function stateStoryIds(title: string, states: readonly string[]): Map<string, string> {
  const taken = new Set<string>();
  return new Map(states.map((state) => [state, toId(title, storyNameFromExport(exportName(state, taken)))]));
}
