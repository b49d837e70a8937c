import { describe, expect, it, vi } from 'vitest';
import { prefetchOnFirstInteraction } from '../../src/ui/prefetch-on-first-interaction.ts';

describe('prefetchOnFirstInteraction', () => {
  it('loads once, on the first pointer or key press, and not on focus', () => {
    const target = new EventTarget();
    const load = vi.fn(() => Promise.resolve());
    prefetchOnFirstInteraction(target, load);
    target.dispatchEvent(new Event('focusin'));
    expect(load).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing once cleaned up, and swallows a failed download', async () => {
    const target = new EventTarget();
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    prefetchOnFirstInteraction(target, load)();
    target.dispatchEvent(new Event('pointerdown'));
    expect(load).not.toHaveBeenCalled();
    prefetchOnFirstInteraction(target, load);
    target.dispatchEvent(new Event('pointerdown'));
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
