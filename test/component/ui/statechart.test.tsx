import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { fromPromise, setup } from 'xstate';
import { Statechart } from '../../../stories/support/statechart.tsx';

const signIn = setup({
  types: { events: {} as { type: 'form.submit' } | { type: 'form.change' } },
  actors: { login: fromPromise(async () => 'ok') },
  guards: { isFormInvalid: () => false },
}).createMachine({
  id: 'signIn',
  initial: 'editing',
  states: {
    editing: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': {},
        'form.submit': [{ guard: 'isFormInvalid', target: '.invalid' }, { target: 'submitting' }],
      },
      states: { idle: {}, invalid: {}, failed: {} },
    },
    submitting: {
      invoke: { id: 'login', src: 'login', onDone: 'done', onError: 'editing.failed' },
    },
    done: { type: 'final' },
  },
});

describe('Statechart', () => {
  it('draws a box per state, nested inside its parent, with the final state marked', async () => {
    const screen = await render(<Statechart machine={signIn} />);
    const svg = screen.container.querySelector('svg[role="img"]');
    expect(svg).not.toBeNull();
    const states = [...screen.container.querySelectorAll('[data-state]')].map((g) => g.getAttribute('data-state'));
    expect(states).toEqual(['signIn', 'signIn.editing', 'signIn.editing.idle', 'signIn.editing.invalid', 'signIn.editing.failed', 'signIn.submitting', 'signIn.done']);
    expect(screen.container.querySelector('[data-state="signIn.editing"] [data-state="signIn.editing.idle"]')).not.toBeNull();
    expect(screen.container.querySelector('[data-state="signIn.done"]')?.getAttribute('data-kind')).toBe('final');
    expect(screen.container.querySelector('[data-initial="signIn.editing.idle"]')).not.toBeNull();
  });

  it('labels every transition with its event and guard, including invoked actor results', async () => {
    const screen = await render(<Statechart machine={signIn} />);
    const labels = [...screen.container.querySelectorAll('[data-edge] text')].map((t) => t.textContent);
    expect(labels.sort()).toEqual(['form.change', 'form.submit', 'form.submit [isFormInvalid]', 'login done', 'login error'].sort());
    await expect.element(screen.getByRole('img', { name: 'Statechart of signIn' })).toBeVisible();
    await expect.element(screen.getByRole('table', { name: 'Transitions of signIn' })).toBeVisible();
    await expect.element(screen.getByRole('row', { name: 'submitting login error editing.failed' })).toBeVisible();
  });

  it('keeps every box inside the drawing and children inside their parents', async () => {
    const screen = await render(<Statechart machine={signIn} />);
    const svg = screen.container.querySelector('svg') as SVGSVGElement;
    const width = Number(svg.getAttribute('width'));
    const height = Number(svg.getAttribute('height'));
    const rect = (id: string) => screen.container.querySelector(`[data-state="${id}"] > rect`) as SVGRectElement;
    const box = (id: string) => {
      const r = rect(id);
      return { x: Number(r.getAttribute('x')), y: Number(r.getAttribute('y')), w: Number(r.getAttribute('width')), h: Number(r.getAttribute('height')) };
    };
    const root = box('signIn');
    expect(root.x + root.w).toBeLessThanOrEqual(width);
    expect(root.y + root.h).toBeLessThanOrEqual(height);
    const editing = box('signIn.editing');
    for (const child of ['idle', 'invalid', 'failed']) {
      const inner = box(`signIn.editing.${child}`);
      expect(inner.x).toBeGreaterThanOrEqual(editing.x);
      expect(inner.y).toBeGreaterThanOrEqual(editing.y);
      expect(inner.x + inner.w).toBeLessThanOrEqual(editing.x + editing.w);
      expect(inner.y + inner.h).toBeLessThanOrEqual(editing.y + editing.h);
    }
    // editing → submitting → done, left to right.
    expect(box('signIn.submitting').x).toBeGreaterThan(editing.x + editing.w);
    expect(box('signIn.done').x).toBeGreaterThan(box('signIn.submitting').x);
  });
});
