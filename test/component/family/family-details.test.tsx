import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createActor, fromPromise } from 'xstate';
import type { Language } from '../../../contract/languages.ts';
import type { FamilyDetails, FamilyIdRequest, FamilyRequests, HandleRequest, InviteRequest, UpdateFamilyInfoRequest } from '../../../contract/schemas/family.ts';
import { familyDetailsMachine, type FamilyLinkShare } from '../../../machines/family/family-details.machine.ts';
import { adminFamily, fullFamily, memberFamily, sampleRequests } from '../../../machines/family/family-details.model.ts';
import { sampleNow } from '../../../machines/family/family-join.model.ts';
import { apiError } from '../../../machines/model-kit.ts';
import { FamilyDetailsView } from '../../../src/features/family/family-details-view.tsx';
import '../../../src/ui/global.css';
import { axeViolations } from '../../support/axe.ts';
import { inLanguage, stoppedAfterEach } from '../support.tsx';

const stopAll = stoppedAfterEach();

interface Answers {
  family: () => Promise<FamilyDetails>;
  requests: () => Promise<FamilyRequests>;
  handleRequest: (request: HandleRequest) => Promise<unknown>;
  updateInfo: (request: UpdateFamilyInfoRequest) => Promise<unknown>;
  regenerateCode: (request: FamilyIdRequest) => Promise<unknown>;
  inviteByEmail: (request: InviteRequest) => Promise<unknown>;
  copyLink: (share: FamilyLinkShare) => Promise<unknown>;
  dismissFamily: (request: FamilyIdRequest) => Promise<unknown>;
  leaveFamily: (request: FamilyIdRequest) => Promise<unknown>;
}

/** A moment later, as over a network. */
const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 20));
const refusedLater = (error: unknown) => new Promise<never>((_, reject) => setTimeout(() => reject(error), 20));

async function showDetails(answers: Partial<Answers>, lang: Language = 'en') {
  const sent: Record<string, unknown[]> = {};
  const use =
    <I,>(name: keyof Answers, fallback: (input: I) => Promise<unknown>) =>
    fromPromise<unknown, I>(({ input }) => {
      (sent[name] ??= []).push(input);
      const answer = answers[name] as ((input: I) => Promise<unknown>) | undefined;
      return (answer ?? fallback)(input);
    });
  const machine = familyDetailsMachine.provide({
    actors: {
      fetchFamily: fromPromise(() => (answers.family ?? (async () => adminFamily()))()),
      fetchRequests: fromPromise(() => (answers.requests ?? (async () => sampleRequests()))()),
      handleRequest: use('handleRequest', () => later({})),
      updateInfo: use('updateInfo', () => later({})),
      regenerateCode: use('regenerateCode', () => later({})),
      inviteByEmail: use('inviteByEmail', () => later({})),
      copyLink: use('copyLink', () => later(undefined)),
      shareWhatsApp: use('copyLink', () => later(undefined)),
      dismissFamily: use('dismissFamily', () => later({})),
      leaveFamily: use('leaveFamily', () => later({})),
    },
  });
  const actor = createActor(machine, { input: { lang, loginEmail: 'public1@demo.test', now: sampleNow } }).start();
  stopAll.push(() => actor.stop());
  const screen = await inLanguage(lang, <FamilyDetailsView actor={actor} />);
  return { actor, sent, screen };
}

async function expectNoAxeViolations() {
  expect(await axeViolations()).toEqual([]);
}

describe('family details', () => {
  it('shows an admin the reference number, the code with its dates, the members and the requests paged five at a time', async () => {
    const { screen } = await showDetails({});
    await expect.element(screen.getByRole('heading', { level: 1, name: 'The Chans' })).toHaveFocus();
    // Hong Kong time whatever the browser's zone, and labelled as such, as the emails say it (issue 13).
    const when = (iso: string) => `${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }).format(new Date(iso))} (Hong Kong time)`;
    const facts = screen.getByRole('definition').elements().map((element) => element.textContent);
    expect(facts).toEqual(['F7K2Q9', '482913', when('2026-01-15T11:00:00.000Z'), when('2026-01-22T11:00:00.000Z'), '2 of 6']);
    expect(facts[3]).toBe('Jan 22, 2026, 7:00 PM (Hong Kong time)');
    expect(screen.getByText(/\/profile\/family\?/).element().textContent).toMatch(/\/en\/profile\/family\?adminEmail=public1%40demo\.test&familyRef=F7K2Q9&code=482913$/);

    // The only admin's rights cannot be taken away, so no button offers it.
    const members = screen.getByRole('region', { name: 'Members' });
    expect(members.getByRole('button').elements().map((button) => button.textContent)).toEqual(['Make admin Mama Chan', 'Remove Mama Chan', 'Refresh']);

    const requests = screen.getByRole('region', { name: 'Join requests' });
    expect(requests.getByRole('listitem').elements()).toHaveLength(5);
    await expect.element(requests.getByText('Page 1 of 2')).toBeVisible();
    await requests.getByRole('button', { name: 'Next' }).click();
    await expect.element(requests.getByText('Page 2 of 2')).toBeVisible();
    expect(requests.getByRole('listitem').elements().map((item) => item.querySelector('strong')?.textContent)).toEqual(['Cousin 6', 'Cousin 7']);
    await expect.element(requests.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    await expectNoAxeViolations();
  });

  it('accepts a request after a confirmation that names the requester, then reads the family again', async () => {
    let reads = 0;
    const { sent, screen } = await showDetails({
      family: async () => {
        reads += 1;
        return adminFamily();
      },
    });
    await screen.getByRole('button', { name: 'Accept Cousin 1', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept Cousin 1?' });
    await expect.element(dialog).toHaveAccessibleDescription('Cousin 1 (Other relative) will become a member of the family.');
    await expectNoAxeViolations();
    await dialog.getByRole('button', { name: 'Accept Cousin 1' }).click();
    await expect.poll(() => reads).toBe(2);
    expect(sent.handleRequest).toEqual([{ familyId: 'f-chan', memberId: 'm-request-1', actions: 'ACCEPT', lang: 'en' }]);
  });

  it('closes a confirmation with Escape, sends nothing, and gives focus back to the button that opened it', async () => {
    const { sent, screen } = await showDetails({});
    const kick = screen.getByRole('button', { name: 'Remove Mama Chan' });
    await kick.click();
    await expect.element(page.getByRole('dialog', { name: 'Remove Mama Chan from the family?' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(kick).toHaveFocus();
    expect(sent.handleRequest).toBeUndefined();
  });

  it('shows a refusal in a message dialog, and reads the family again when it is closed', async () => {
    let reads = 0;
    const { screen } = await showDetails({
      family: async () => {
        reads += 1;
        return adminFamily();
      },
      handleRequest: () => refusedLater(apiError('familyNoLongerAdmin')),
    });
    await screen.getByRole('button', { name: 'Make admin Mama Chan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make admin Mama Chan' }).click();
    const alert = page.getByRole('alertdialog', { name: 'This could not be done' });
    await expect.element(alert).toHaveAccessibleDescription('You are no longer a family admin.');
    await expect.element(alert.getByRole('button', { name: 'OK' })).toHaveFocus();
    await expectNoAxeViolations();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => reads).toBe(2);
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('refuses at once to accept into a full family and to dismiss it while another admin exists, without a call', async () => {
    const { sent, screen } = await showDetails({ family: async () => fullFamily() });
    await screen.getByRole('button', { name: 'Accept Cousin 1', exact: true }).click();
    await expect.element(page.getByRole('alertdialog')).toHaveAccessibleDescription('The family reaches its full capacity.');
    await page.getByRole('button', { name: 'OK' }).click();
    await screen.getByRole('button', { name: 'Dismiss the family' }).click();
    await expect.element(page.getByRole('alertdialog')).toHaveAccessibleDescription('The family has other admins, so it cannot be dismissed.');
    await page.getByRole('button', { name: 'OK' }).click();
    expect(sent.handleRequest ?? []).toEqual([]);
    expect(sent.dismissFamily ?? []).toEqual([]);
  });

  it('asks for a new code before sharing an expired one, and regenerates it after a confirmation', async () => {
    const { sent, screen } = await showDetails({ family: async () => fullFamily() });
    await expect.element(screen.getByText('(expired)')).toBeVisible();
    expect(screen.getByText(/\/profile\/family\?/).elements()).toEqual([]);
    await screen.getByRole('button', { name: 'Copy join link' }).click();
    const expired = page.getByRole('dialog', { name: 'The family code has expired' });
    await expect.element(expired.getByRole('button', { name: 'Regenerate code' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const confirm = page.getByRole('dialog', { name: 'Regenerate the family code?' });
    await expect.element(confirm.getByRole('button', { name: 'Regenerate code' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => sent.regenerateCode).toEqual([{ familyId: 'f-wong' }]);
    expect(sent.copyLink).toBeUndefined();
  });

  it('copies the join link after a confirmation and says so', async () => {
    const { sent, screen } = await showDetails({});
    await screen.getByRole('button', { name: 'Copy join link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy the join link?' });
    await expect.element(dialog).toHaveAccessibleDescription(/until the code expires on /);
    await dialog.getByRole('button', { name: 'Copy join link' }).click();
    await expect.element(screen.getByRole('status').getByText('The join link was copied. Paste it into a message to invite someone.')).toBeVisible();
    expect(sent.copyLink).toEqual([{ link: { adminEmail: 'public1@demo.test', familyRef: 'F7K2Q9', code: '482913' }, familyName: 'The Chans', lang: 'en' }]);
  });

  it('links a wrong invitation address from the error summary to its field, then sends a right one after confirming', async () => {
    const { sent, screen } = await showDetails({});
    const email = screen.getByLabelText('Email address of the person to invite');
    await userEvent.fill(email, 'not-an-email');
    await screen.getByRole('button', { name: 'Send invitation' }).click();
    const summary = screen.getByRole('alert');
    await expect.element(summary).toHaveFocus();
    await summary.getByRole('link', { name: 'Enter an email address in the correct format, like name@example.com' }).click();
    await expect.element(email).toHaveFocus();
    await expect.element(email).toHaveAccessibleDescription(/in the correct format/);

    await userEvent.fill(email, 'cousin@demo.test');
    await screen.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('dialog', { name: 'Send an invitation?' }).getByRole('button', { name: 'Send invitation' }).click();
    await expect.element(screen.getByText('The invitation was sent to cousin@demo.test.')).toBeVisible();
    expect(sent.inviteByEmail).toEqual([{ familyId: 'f-chan', email: 'cousin@demo.test', lang: 'en' }]);
  });

  it('lets a member change their own nickname and role, and leave, but shows no admin tools', async () => {
    const { sent, screen } = await showDetails({ family: async () => memberFamily() });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'The Lees' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy join link' }).elements()).toEqual([]);
    expect(screen.getByRole('region', { name: 'Join requests' }).elements()).toEqual([]);
    expect(screen.getByText('Family code').elements()).toEqual([]);

    const self = screen.getByRole('region', { name: 'Your membership' });
    await userEvent.fill(self.getByLabelText('Your nickname in the family'), 'Uncle Chan');
    await self.getByLabelText('Guardian').click();
    await self.getByRole('button', { name: 'Save nickname and role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save your nickname and role?' });
    await expect.element(dialog).toHaveAccessibleDescription('The family will see you as Uncle Chan (Guardian).');
    await dialog.getByRole('button', { name: 'Save nickname and role' }).click();
    await expect.poll(() => sent.updateInfo).toEqual([{ familyId: 'f-lee', nickname: 'Uncle Chan', familyRole: 'GUARDIAN', lang: 'en' }]);

    // Leaving is with the other action that ends something, in its own marked section (issue 13).
    await screen.getByRole('region', { name: 'Leave or dismiss the family' }).getByRole('button', { name: 'Leave the family' }).click();
    await page.getByRole('dialog', { name: 'Leave “The Lees”?' }).getByRole('button', { name: 'Leave the family' }).click();
    await expect.poll(() => sent.leaveFamily).toEqual([{ familyId: 'f-lee' }]);
  });

  it('shows the dismissed notice when the family was dismissed meanwhile, and its only way out is to leave', async () => {
    let dismissed = false;
    const { sent, screen } = await showDetails({
      family: async () => {
        if (dismissed) throw apiError('familyDismissed');
        return memberFamily();
      },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'The Lees' })).toBeVisible();
    dismissed = true;
    await screen.getByRole('button', { name: 'Refresh' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'This family has been dismissed' })).toHaveFocus();
    await expect.element(screen.getByText('The family admin dismissed “The Lees”. Leave it to join or create another family.')).toBeVisible();
    expect(screen.getByRole('button').elements().map((button) => button.textContent)).toEqual(['Leave the family']);
    await expectNoAxeViolations();
    await screen.getByRole('button', { name: 'Leave the family' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Leave the family' }).click();
    await expect.poll(() => sent.leaveFamily).toEqual([{ familyId: 'f-lee' }]);
  });

  it('names the members in the admin’s buttons for screen readers, in Chinese too', async () => {
    const { screen } = await showDetails({}, 'zh_hant');
    await expect.element(screen.getByRole('button', { name: '移除 Mama Chan' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: '設為管理員 Mama Chan' })).toBeVisible();
    await expect.element(screen.getByText('2／6')).toBeVisible();
    await screen.getByRole('button', { name: '移除 Mama Chan' }).click();
    await expect.element(page.getByRole('dialog', { name: '將Mama Chan從家庭中移除？' })).toBeVisible();
  });
});
