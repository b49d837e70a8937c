import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button, ButtonGroup } from '../../src/ui/button.tsx';
import { componentMeta } from '../support/usage.ts';

const meta = {
  title: 'Design system/Components/Button',
  component: Button,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: 'A button does something (submits, opens, confirms); a link goes somewhere. Each screen has one primary button, for the step the user came to do.',
      do: [
        'Start the text with a verb that says what happens: "Send code", "Save", "Remove member".',
        'Use `secondary` beside the primary for the other choice, `warning` only for what cannot be undone (remove, leave, delete), after a confirmation.',
        'Set `busy` while the request runs: the button stays focusable and announced, and a second click does nothing.',
        'Put a primary and its alternatives in a `ButtonGroup`: stacked full width on a phone, in a row from 40rem.',
      ],
      dont: [
        "Don't use `disabled` to hide why something cannot be done yet: let the user submit and show the error summary.",
        "Don't put two primary buttons on one screen, or a warning button as the first choice.",
        "Don't style a link as a button to go to another page, or a button as a link unless it acts in place (`link`).",
      ],
      pattern: { name: 'Button', href: 'https://design-system.service.gov.uk/components/button/' },
      usedIn: 'every form; `warning` in Family › Family details (remove a member), `inverse-link` in the header (Log out).',
    },
  ),
  args: { children: 'Save and continue', variant: 'primary', busy: false, disabled: false, onClick: fn() },
  argTypes: { variant: { control: 'inline-radio', options: ['primary', 'secondary', 'warning', 'link', 'inverse-link'] } },
} satisfies Meta<typeof Button>;

export default meta;

/** One button, driven by the controls: clicking it calls `onClick`, unless it is busy or disabled. */
export const Playground: StoryObj<typeof meta> = {
  name: 'Button · 按鈕 · 按钮',
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: String(args.children) });
    await userEvent.click(button);
    if (args.busy || args.disabled) await expect(args.onClick).not.toHaveBeenCalled();
    else await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

/** Every variant with its states, as a designer compares them; busy ones ignore clicks. */
export const Variants: StoryObj<typeof meta> = {
  name: 'Variants and states',
  render: (args) => (
    <div style={{ background: 'var(--color-bg)' }}>
      <ButtonGroup>
        <Button onClick={args.onClick}>Save and continue</Button>
        <Button variant="secondary" onClick={args.onClick}>
          Cancel
        </Button>
        <Button variant="link" onClick={args.onClick}>
          Send the code again
        </Button>
      </ButtonGroup>
      <ButtonGroup>
        <Button variant="warning" onClick={args.onClick}>
          Remove member
        </Button>
        <Button busy onClick={args.onClick}>
          Saving…
        </Button>
        <Button disabled onClick={args.onClick}>
          Not yet
        </Button>
      </ButtonGroup>
      <div style={{ background: 'var(--color-brand)', padding: 'var(--space-3)' }}>
        <Button variant="inverse-link" onClick={args.onClick}>
          Log out
        </Button>
      </div>
    </div>
  ),
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(7);
    await userEvent.click(canvas.getByRole('button', { name: 'Saving…' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Not yet' }));
    await expect(args.onClick).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-busy', 'true');
    // The warning button paints with the error token, not a colour of its own.
    const error = getComputedStyle(document.documentElement).getPropertyValue('--color-error').trim();
    const probe = document.createElement('span');
    probe.style.color = error;
    document.body.append(probe);
    const expected = getComputedStyle(probe).color;
    probe.remove();
    await expect(getComputedStyle(canvas.getByRole('button', { name: 'Remove member' })).backgroundColor).toBe(expected);
  },
};
