import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton } from '../../src/ui/skeleton.tsx';
import { Spinner } from '../../src/ui/spinner.tsx';
import { componentMeta } from '../support/usage.ts';

function Loading({ fields, label }: { fields: number; label: string }) {
  return (
    <>
      <Skeleton fields={fields} label={label || undefined} />
      <Spinner label={label || undefined} />
    </>
  );
}

const meta = {
  title: 'Design system/Components/Loading',
  component: Loading,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: '`Skeleton` while a form\'s page loads (the shapes of its fields, where they will be); `Spinner` while a request the user started runs and there is no form to outline. Both announce "Loading…" politely.',
      do: ['Match the skeleton\'s `fields` to the form that will replace it, so nothing jumps.', 'Give the spinner a label that says what is loading when it takes more than a moment.'],
      dont: ["Don't show a spinner for under half a second: busy buttons cover quick requests.", "Don't cover the page with a spinner while the user could go on reading."],
      pattern: { name: 'Loading (no GOV.UK component: announced with a status region as GOV.UK recommends)', href: 'https://design-system.service.gov.uk/components/notification-banner/' },
      usedIn: 'every lazily loaded page (Skeleton), Security and School lists (Spinner).',
    },
  ),
  args: { fields: 3, label: '' },
} satisfies Meta<typeof Loading>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Skeleton and spinner · 載入 · 载入 · 加載 · 加载',
  play: async ({ canvas, args, canvasElement }) => {
    const statuses = canvas.getAllByRole('status');
    await expect(statuses).toHaveLength(2);
    for (const status of statuses) await expect(status).toHaveTextContent(args.label || 'Loading…');
    await expect(canvasElement.querySelectorAll('[data-skeleton] > span[aria-hidden]')).toHaveLength(args.fields);
  },
};
