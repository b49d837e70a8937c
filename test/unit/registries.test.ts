import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machineModels } from '../../machines/index.ts';
import { viewModels } from '../view/models/index.ts';
import { FLOWS_FILE, MESSAGE_IMPORTERS_FILE, MODELS_FILE, VIEW_MODELS_FILE, flowsSource, messageImportersSource, modelsSource, viewModelsSource } from '../../scripts/registries.ts';

describe('registries made by glob (npm run registries rewrites them)', () => {
  it('machines/models.gen.ts lists every machines/**/*.model.ts', async () => {
    expect(readFileSync(MODELS_FILE, 'utf8')).toBe(await modelsSource());
  });

  it('every machine has a view model, so what users see in each state is asserted on its generated paths', () => {
    expect(Object.keys(viewModels).sort()).toEqual(Object.keys(machineModels).sort());
  });

  it('test/view/models/index.gen.ts lists every test/view/models/*.view.ts', async () => {
    expect(readFileSync(VIEW_MODELS_FILE, 'utf8')).toBe(await viewModelsSource());
  });

  it('stories/flows.gen.tsx pairs every view model with the view its test replays it on', async () => {
    expect(readFileSync(FLOWS_FILE, 'utf8')).toBe(await flowsSource());
  });

  it('src/i18n/message-importers.gen.ts has one importer per group of message-groups.json', () => {
    expect(readFileSync(MESSAGE_IMPORTERS_FILE, 'utf8')).toBe(messageImportersSource());
  });
});
