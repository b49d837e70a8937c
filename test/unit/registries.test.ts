import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODELS_FILE, modelsSource } from '../../scripts/registries.ts';

describe('registries made by glob', () => {
  it('machines/models.gen.ts lists every machines/**/*.model.ts (npm run registries rewrites it)', async () => {
    expect(readFileSync(MODELS_FILE, 'utf8')).toBe(await modelsSource());
  });
});
