import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ErrorSummary } from '../../src/ui/error-summary.tsx';
import { TextInput } from '../../src/ui/text-input.tsx';
import { componentMeta } from '../support/usage.ts';

const ITEMS = [
  { text: 'Enter your login ID', fieldId: 'summary-login-id' },
  { text: 'Enter your password', fieldId: 'summary-password' },
  { text: 'The service is busy. Try again in a minute.' },
];

function FormWithSummary({ items }: { items: typeof ITEMS }) {
  const error = (id: string) => items.find((item) => item.fieldId === id)?.text;
  return (
    <>
      <ErrorSummary items={items} />
      <TextInput id="summary-login-id" label="Login ID" value="" onValueChange={() => undefined} error={error('summary-login-id')} />
      <TextInput id="summary-password" label="Password" type="password" value="" onValueChange={() => undefined} error={error('summary-password')} />
    </>
  );
}

const meta = {
  title: 'Design system/Components/Error summary',
  component: FormWithSummary,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: 'At the top of a form after a submit with problems: every problem, each linking to its field, focused so screen readers read it first. A problem that is not a field\'s (a refusal from the server) is plain text.',
      do: [
        'Use the same words as the error at the field.',
        'List the problems in the order of the fields.',
        'Change `focusKey` per submit, so a second submit with the same problems moves focus back.',
      ],
      dont: [
        "Don't show it before the user submits.",
        "Don't write \"Invalid input\": say what to do.",
      ],
      pattern: { name: 'Error summary', href: 'https://design-system.service.gov.uk/components/error-summary/' },
      usedIn: 'every form with a submit: Log in, Profile, the upgrade dialogs.',
    },
  ),
  args: { items: ITEMS },
} satisfies Meta<typeof FormWithSummary>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Error summary · 錯誤摘要 · 错误摘要',
  play: async ({ canvas }) => {
    const summary = canvas.getByRole('alert');
    // Focus moves to the summary once it has rendered, so screen readers read it first.
    await waitFor(() => expect(summary).toHaveFocus());
    await expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    await userEvent.click(within(summary).getByRole('link', { name: 'Enter your password' }));
    await expect(canvas.getByLabelText('Password')).toHaveFocus();
    await expect(within(summary).queryByRole('link', { name: /service is busy/ })).toBeNull();
  },
};
