import { expect, it } from 'vitest';

// Axe and the focus checks judge settled screens: the runner emulates reduced motion, which the UI
// kit honours by dropping its dialog and spinner animations.
it('runs every browser check with reduced motion, so no dialog is caught half-faded', () => {
  expect(window.matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
});
