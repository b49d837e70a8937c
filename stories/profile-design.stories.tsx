// The profile's design (issue 13): the basic profile's address and emails sections (the personal
// details are the generated profileForm stories), the menu on a wide screen and folded on a phone,
// and the loading outline. Written by hand: the sections share the basic form's machine.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { AnyActorRef } from 'xstate';
import { profileFormModel } from '../machines/profile/profile-form.model.ts';
import type { ProfileFormActor } from '../src/features/profile/profile-form-frame.tsx';
import { BasicProfileView, type BasicSection } from '../src/features/profile/basic/basic-profile-view.tsx';
import { ProfileLoading } from '../src/features/profile/profile-lazy.tsx';
import { ProfileMenu } from '../src/features/profile/profile-menu.tsx';
import { profileMessages } from '../src/features/profile/profile-messages.ts';
import { permissionsFor } from '../server/domain/permissions.ts';
import { actorAt, describePath, shortestPathTo } from '../test/support/graph.ts';

export default { title: 'Profile/Design' } satisfies Meta;

interface Loaded {
  actor: AnyActorRef;
}

/** A section of the basic profile with the form's machine brought to `state`. */
function section(name: BasicSection, state: string, check: (canvas: ReturnType<typeof within>) => Promise<void>): StoryObj {
  const path = shortestPathTo(profileFormModel, state);
  return {
    name: `${name}: ${state}`,
    parameters: { docs: { description: { story: describePath(path) } } },
    loaders: [(): Loaded => ({ actor: actorAt(profileFormModel, path) })],
    render: (_args, context) => <BasicProfileView actor={(context.loaded as Loaded).actor as ProfileFormActor} section={name} />,
    play: async ({ canvasElement }) => check(within(canvasElement)),
  };
}

const submitButtons = (canvas: ReturnType<typeof within>) => canvas.queryAllByRole('button').filter((button: HTMLElement) => button.getAttribute('type') === 'submit');

export const AddressEditing: StoryObj = section('address', 'editing.idle', async (canvas) => {
  await expect(await canvas.findByRole('heading', { level: 1 })).toBeVisible();
  // The address fields, and none of the personal details'.
  await expect(canvas.getByLabelText(/region|地區|地区/i, { selector: 'select' })).toBeVisible();
  await expect(canvas.queryByLabelText(/nickname|暱稱|昵称/i)).toBeNull();
  await expect(submitButtons(canvas)).toHaveLength(1);
});

export const AddressSaved: StoryObj = section('address', 'saved', async (canvas) => {
  const status = canvas.getAllByRole('status').find((element: HTMLElement) => element.textContent !== '');
  await expect(status).toBeDefined();
  // The saved message follows the buttons, inside the form.
  await expect(status?.closest('form')).not.toBeNull();
});

export const EmailsLoaded: StoryObj = section('emails', 'editing.idle', async (canvas) => {
  await expect(await canvas.findByRole('heading', { level: 1 })).toBeVisible();
  await expect(canvas.queryAllByRole('form')).toHaveLength(0);
  await expect(submitButtons(canvas)).toHaveLength(0);
  await expect(canvas.getAllByRole('region').length).toBeGreaterThanOrEqual(4);
});

export const EmailsLoading: StoryObj = section('emails', 'loading', async (canvas) => {
  await expect(canvas.getByRole('status')).toBeInTheDocument();
});

const teacher = permissionsFor('SCHOOL_BASED_TEACHER', { schoolAllowsQrLogin: true });

export const MenuWide: StoryObj = {
  name: 'menu: wide screen',
  parameters: { viewport: { defaultViewport: 'desktop' } },
  render: () => <ProfileMenu permissions={teacher} category="SCHOOL_BASED_TEACHER" initiallyOpen />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Without configured platform links (no settings here) only the portal's own pages are listed, each a link.
    const leaves = [...canvasElement.querySelectorAll('li')].filter((item) => !item.querySelector('ul'));
    await expect(leaves.length).toBeGreaterThanOrEqual(7);
    await expect(leaves.filter((item) => !item.querySelector('a[href]'))).toHaveLength(0);
    await expect(canvas.getByRole('navigation')).toBeVisible();
  },
};

export const MenuPhoneFolded: StoryObj = {
  name: 'menu: phone, folded then unfolded',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => (
    <div style={{ maxWidth: 360 }}>
      <ProfileMenu permissions={teacher} category="SCHOOL_BASED_TEACHER" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button');
    if (toggle.checkVisibility()) {
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(toggle);
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    await expect(canvas.getAllByRole('link').length).toBeGreaterThanOrEqual(7);
  },
};

export const LoadingOutline: StoryObj = {
  name: 'loading: heading over the outline of a form',
  render: () => <ProfileLoading title={profileMessages.address} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(canvas.getByRole('status')).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('[data-skeleton] [aria-hidden="true"]').length).toBeGreaterThan(0);
  },
};
