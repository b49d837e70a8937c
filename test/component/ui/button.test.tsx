import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Button } from '../../../src/ui/button.tsx';
import '../../../src/ui/global.css';

describe('Button', () => {
  it('acts on a click and is a plain button by default, so it never submits a form by accident', async () => {
    let clicks = 0;
    const screen = await render(<Button onClick={() => clicks++}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    await expect.element(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(clicks).toBe(1);
  });

  it('ignores clicks while busy but stays focusable and announced as busy', async () => {
    let clicks = 0;
    const screen = await render(
      <Button busy onClick={() => clicks++}>
        Saving
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving' });
    await expect.element(button).toHaveAttribute('aria-busy', 'true');
    await expect.element(button).toHaveAttribute('aria-disabled', 'true');
    // aria-disabled rather than disabled: a disabled button drops out of the tab order.
    expect(button.element().hasAttribute('disabled')).toBe(false);
    (button.element() as HTMLButtonElement).focus();
    await expect.element(button).toHaveFocus();
    // A person can still press it (Playwright would wait for it to be enabled, so force the click).
    await userEvent.click(button, { force: true });
    await userEvent.keyboard('{Enter}');
    expect(clicks).toBe(0);
  });

  it('does not submit its form while busy, so a double click cannot send twice', async () => {
    let submits = 0;
    const screen = await render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submits++;
        }}
      >
        <Button type="submit" busy>
          Send
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }), { force: true });
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send' }), { force: true });
    expect(submits).toBe(0);
  });
});
