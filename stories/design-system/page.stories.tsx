import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Button } from '../../src/ui/button.tsx';
import { Page } from '../../src/ui/page.tsx';
import { componentMeta } from '../support/usage.ts';

const meta = {
  title: 'Design system/Components/Page',
  component: Page,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: 'The body of every screen: an optional caption (the section), one heading (also the browser tab title), an optional lead paragraph, then the content in a reading width (`wide` for tables).',
      do: [
        'Make the heading the question or the task: "Change your password", "Which school do you teach at?".',
        'Use the caption for where the page sits ("Profile", "Step 2 of 6").',
        'Use `wide` only for tables and lists that need it (School email list).',
      ],
      dont: [
        "Don't put a second `h1` on the page.",
        "Don't turn off `focusHeading` unless the page moves focus elsewhere (an error summary).",
      ],
      pattern: { name: 'Page template', href: 'https://design-system.service.gov.uk/styles/page-template/' },
      usedIn: 'every screen.',
    },
  ),
  args: { title: 'Change your password', caption: 'Profile', lead: 'You will stay signed in on this device; other devices are signed out.', wide: false, focusHeading: false },
  argTypes: { caption: { control: 'text' }, lead: { control: 'text' } },
  render: (args) => (
    <Page {...args}>
      <Button>Save and continue</Button>
    </Page>
  ),
} satisfies Meta<typeof Page>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Page · 頁面 · 页面 · 版面',
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(args.title);
    // The tab title starts with the heading.
    await waitFor(() => expect(document.title).toBe(`${args.title} – Account Portal`));
  },
};
