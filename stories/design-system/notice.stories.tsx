import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Notice } from '../../src/ui/notice.tsx';
import { SectionLoadFailed } from '../../src/ui/section-failure.tsx';
import { componentMeta } from '../support/usage.ts';

const meta = {
  title: 'Design system/Components/Notice',
  component: Notice,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: 'Something the user should know on this page that is not an error in what they typed: a result (`success`, `live` when it follows their action), a limit or hold (`warning`), or context (`info`).',
      do: [
        'Give it a short title that says the news; the body says what to do next.',
        'Set `live` when it appears because of what the user just did, so screen readers announce it.',
        'Say times in Hong Kong time: "until 3:05 pm (Hong Kong time)".',
      ],
      dont: [
        "Don't use a notice for a field's error: use the field's error and the error summary.",
        "Don't stack several notices; say the one that matters.",
      ],
      pattern: { name: 'Notification banner and Inset text', href: 'https://design-system.service.gov.uk/components/notification-banner/' },
      usedIn: 'Family (held after wrong codes), Profile (saved), Security.',
    },
  ),
  args: { tone: 'info', title: 'Your family has 2 join requests', children: 'Accept or decline them below.', live: false },
  argTypes: { tone: { control: 'inline-radio', options: ['info', 'success', 'warning'] }, children: { control: 'text' }, title: { control: 'text' } },
} satisfies Meta<typeof Notice>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Notice · 通知 · 提示',
  play: async ({ canvas, args }) => {
    if (args.title) await expect(canvas.getByRole('heading', { level: 2, name: String(args.title) })).toBeInTheDocument();
    await expect(canvas.queryByRole('status') !== null).toBe(Boolean(args.live));
  },
};

export const Tones: StoryObj<typeof meta> = {
  name: 'Tones',
  render: () => (
    <>
      <Notice title="Your family has 2 join requests">Accept or decline them below.</Notice>
      <Notice tone="success" title="Saved" live>
        Your profile is up to date.
      </Notice>
      <Notice tone="warning" title="Too many wrong codes">
        You can try again after 3:05 pm on 28 November 2026 (Hong Kong time).
      </Notice>
    </>
  ),
  play: async ({ canvas }) => {
    const headings = canvas.getAllByRole('heading', { level: 2 });
    await expect(headings.map((heading) => heading.textContent)).toEqual(['Your family has 2 join requests', 'Saved', 'Too many wrong codes']);
    // Three tones, three different backgrounds, each from a token.
    const backgrounds = new Set(headings.map((heading) => getComputedStyle(heading.parentElement!).backgroundColor));
    await expect(backgrounds.size).toBe(3);
    await expect(canvas.getByRole('status')).toHaveTextContent('Saved');
  },
};

/**
 * A section's failure (`src/ui/section-failure.tsx`): a warning notice announced at once
 * (`role="alert"`), and for a first read that failed, the button that reads again. Used by the
 * authenticator and passkey sections of Login information.
 */
export const SectionFailed: StoryObj<typeof meta> = {
  name: 'Section failure',
  render: () => <SectionLoadFailed text="We could not reach the server. Please check your connection and try again." retryLabel="Try again" onRetry={() => {}} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not reach the server');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};
