import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { JoinFamilyRequestSchema } from '../../contract/schemas/family.ts';
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { familyDetailsModel } from '../../machines/family/family-details.model.ts';
import { SAMPLE_PAGE } from '../../machines/org-account/org-account-list.model.ts';
import { fullMemberUpgradeModel } from '../../machines/upgrade/full-member-upgrade.model.ts';
import { EMAIL_PAGES, FAMILY_REF_ALPHABET, FAMILY_REF_LENGTH } from '../../server/domain/email-links.ts';
import { isTokenShape } from '../../server/domain/tokens.ts';
import { EMAIL_SAMPLES } from '../../stories/emails/email-samples.ts';
import { STORY_PAGES, STORY_USERS } from '../../stories/support/pages.ts';
import { SCREENS } from '../../stories/support/screens.ts';
import { vary } from '../../stories/support/story-data.ts';
import { storyMachine, storyPathTo } from '../../stories/support/story-paths.ts';

// The page frame of the state stories (issue 24, item 3; docs/decisions/storybook.md): each
// flow's page is a route of the app, with the product's account for it, and the data its states
// name.
const ROUTES = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');

describe('story pages', () => {
  test('every flow with stories has its page, and every page is a route of the app', () => {
    expect(Object.keys(SCREENS).filter((machine) => !(machine in STORY_PAGES))).toEqual([]);
    const missing = Object.values(STORY_PAGES)
      .map((page) => (page.path ? `/{-$lang}/${page.path}` : '/{-$lang}'))
      .filter((route) => !ROUTES.includes(`'${route}'`));
    expect(missing).toEqual([]);
  });

  test("pages are for the product's accounts: school pages a school administrator, association a full member", () => {
    for (const [machine, page] of Object.entries(STORY_PAGES)) {
      if (page.path.startsWith('org_account')) expect([machine, page.account && STORY_USERS[page.account].permissions]).toEqual([machine, expect.arrayContaining(['org_account.write'])]);
      if (page.path.startsWith('profile')) expect([machine, page.account]).not.toEqual([machine, null]);
    }
    expect(STORY_USERS[STORY_PAGES.association!.account!].permissions).toContain('fullMember');
    expect(STORY_USERS[STORY_PAGES.familyDetails!.account!].permissions).toContain('family');
    expect(STORY_USERS[STORY_PAGES.loginQrCode!.account!].permissions).toContain('loginQrCode');
  });
});

describe('story data', () => {
  test("the family details' states show the admin's family with its pending join requests", () => {
    for (const state of ['ready.open.idle', 'ready.confirming.accept', 'ready.submitting.inviteByEmail']) {
      const context = storyPathTo(familyDetailsModel, state).state.context as { requests: unknown[]; family: { members: Array<{ isCurrentUser: boolean; isAdmin: boolean }> } };
      expect(context.requests.length, state).toBeGreaterThan(0);
      expect(context.family.members.find((member) => member.isCurrentUser)?.isAdmin, state).toBe(true);
    }
  });

  test('a paged answer holds the rows it states: 22 records, page 1 of 2 shows 20; page 2 shows 2', () => {
    const first = vary(SAMPLE_PAGE, {});
    expect(first.records).toHaveLength(20);
    expect(new Set(first.records.map((record) => record.id)).size).toBe(20);
    expect(new Set(first.records.map((record) => record.emailAddress)).size).toBe(20);
    expect(first.records.slice(0, SAMPLE_PAGE.records.length)).toEqual(SAMPLE_PAGE.records);
    expect(vary({ ...SAMPLE_PAGE, page: 2 }, {}).records).toHaveLength(2);
  });

  test("the full-member upgrade's phone step runs its mobile verification child, at its form", () => {
    const path = storyPathTo(fullMemberUpgradeModel, 'phone.verifying');
    const actor = createActor(storyMachine(fullMemberUpgradeModel), { input: fullMemberUpgradeModel.input });
    actor.start();
    for (const step of path.steps.slice(1)) (actor as AnyActorRef).send(step.event);
    const child = (actor.getSnapshot() as AnyMachineSnapshot).children.mobileVerification as AnyActorRef | undefined;
    const snapshot = child?.getSnapshot() as AnyMachineSnapshot | undefined;
    expect(snapshot?.machine.id).toBe('mobileVerification');
    expect(snapshot?.matches('editing')).toBe(true);
    actor.stop();
  });
});

describe('email samples', () => {
  test('the family invitation links the join page with a reference and code of the shapes the server draws', () => {
    const sample = EMAIL_SAMPLES.familyInvitation;
    const url = new URL(sample.link('en'));
    expect(url.pathname).toBe('/en/profile/family');
    expect(url.searchParams.get('join')).toBe('1');
    const familyRef = url.searchParams.get('familyRef') ?? '';
    expect(familyRef).toMatch(new RegExp(`^[${FAMILY_REF_ALPHABET}]{${FAMILY_REF_LENGTH}}$`));
    expect(url.searchParams.get('code')).toBe(sample.code);
    // What the join form posts from the link's values is a valid join request.
    const parsed = v.safeParse(v.object({ familyRef: JoinFamilyRequestSchema.entries.familyRef, code: JoinFamilyRequestSchema.entries.code }), { familyRef, code: sample.code });
    expect(parsed.success).toBe(true);
    expect(EMAIL_SAMPLES.otp.code).toMatch(/^\d{6}$/);
  });
});

test("every email sample's link is the server's: its page, and a token of randomToken's shape", () => {
  const tokens = new Set<string>();
  for (const [name, sample] of Object.entries(EMAIL_SAMPLES) as Array<[string, { link?: (lang: 'en') => string }]>) {
    // The family invitation's link has its own test above.
    if (!sample.link || name === 'familyInvitation') continue;
    const url = new URL(sample.link('en'));
    expect(Object.values(EMAIL_PAGES).map((page) => `/en/${page}`), name).toContain(url.pathname);
    const token = url.searchParams.get('token') ?? url.searchParams.get('code');
    if (token) {
      expect(isTokenShape(token), `${name}: ${token}`).toBe(true);
      tokens.add(token);
    }
  }
  expect(tokens.size).toBe(9);
});
