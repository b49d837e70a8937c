import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getStateNodes } from '@xstate/graph';
import { machineModels } from '../../machines/index.ts';
import { coverage, modelPaths } from '../support/graph.ts';
import { refusalStates } from '../view/support/refusals.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const models = Object.entries(machineModels);

describe('machine coverage', () => {
  it('registers a model for every machine file', () => {
    const files = readdirSync(`${root}machines`, { recursive: true }).filter((file) => String(file).endsWith('.machine.ts'));
    const ids = models.map(([, model]) => model.machine.id);
    expect(files.length).toBe(models.length);
    for (const [name, model] of models) expect(model.name).toBe(name);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(models)('%s: the generated paths cover 100% of states and transitions', (_name, model) => {
    const result = coverage(model, modelPaths(model));
    expect({ states: result.missedStates, transitions: result.missedTransitions }).toEqual({ states: [], transitions: [] });
    expect(result.percent).toBe(100);
    // Path generation is CPU-bound and grows with the machine: seconds on a busy 2-core machine.
  }, 60_000);
});

describe('docs/flows.md', () => {
  const flows = readFileSync(`${root}docs/flows.md`, 'utf8');

  // A refusal state (reached only by its codes' routes) is documented by its code: the code's
  // message (contract/errors.ts) says what it shows, and the route names the state. Its row, where
  // a section gives one, says more; none is required.
  it.each(models)('%s: names every state and event of the machine', (name, model) => {
    const section = flows.split(/^## /m).find((part) => part.startsWith(`${name} `));
    expect(section, `a "## ${name}" section`).toBeDefined();
    const refusals = refusalStates(model.machine);
    for (const node of getStateNodes(model.machine.root)) {
      if (node.type !== 'atomic' && node.type !== 'final') continue;
      const path = node.path.join('.');
      if (refusals.has(path)) continue;
      expect(section, `state ${path}`).toContain(`\`${path}\``);
    }
    const userEvents = new Set(model.events.map((event) => event.type).filter((type) => !type.startsWith('xstate.')));
    for (const type of userEvents) expect(section, `event ${type}`).toContain(`\`${type}\``);
  });
});
