// The family screens with the data that changes their layout (issue 13), pinned so the storybook
// Vitest project checks them too (axe in all three languages, on a phone): a full family of long
// names in each script, and many join requests. Designers get the same through the controls of
// any Family story. Written by hand: the generated files hold one story per state.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FLOWS } from './flows.tsx';
import { machineStories } from './support/machine-stories.tsx';
import { LONG_NAMES, type DataArgs } from './support/story-data.ts';

const details = machineStories(FLOWS.familyDetails);
const join = machineStories(FLOWS.familyJoin);

export default { title: 'Family/Layouts', ...details.meta } satisfies Meta;

const PHONE = { viewport: { value: 'phone', isRotated: false } };

/** The state with the data pinned; its play also checks the screen shows the long names. */
const at = (stories: typeof details, path: string, args: DataArgs, phone = false): StoryObj => {
  const story = stories.state(path);
  return {
    ...story,
    args,
    ...(phone ? { globals: PHONE } : {}),
    play: async (context) => {
      await story.play?.(context);
      const long = args.names && args.names !== 'sample' ? LONG_NAMES[args.names].surname : null;
      if (long) await expect(within(document.body).getAllByText(new RegExp(long.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).length).toBeGreaterThan(0);
    },
  };
};

export const FullFamilyLongEnglishNames: StoryObj = { ...at(details, 'ready.open.idle', { names: 'longEnglish', family: 'full', requests: 'many' }), name: 'Full family, long English names, many requests' };
export const FullFamilyLongChineseNamesPhone: StoryObj = { ...at(details, 'ready.open.idle', { names: 'longChinese', family: 'full', requests: 'many' }, true), name: 'Full family, long Chinese names, on a phone' };
export const FullFamilyLongNepaliNamesPhone: StoryObj = { ...at(details, 'ready.open.idle', { names: 'longNepali', family: 'full', requests: 'sample' }, true), name: 'Full family, long Nepali names, on a phone' };
export const RemovingLongNamePhone: StoryObj = { ...at(details, 'ready.confirming.kick', { names: 'longEnglish', family: 'full', requests: 'none' }, true), name: 'Confirm removing a member with a long name, on a phone' };
export const JoinPendingLongNamesPhone: StoryObj = { ...at(join, 'pending.waiting.idle', { names: 'longChinese' }, true), name: 'Join request pending, long Chinese names, on a phone' };
