import type { ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { HTML_LANG } from '../../../contract/languages.ts';
import type {
  CreateFamilyRequest,
  FamilyCreated,
  FamilyDetails,
  FamilyJoinLink,
  FamilyOwnRequest,
  FamilyPermission,
  FamilyRequests,
  HandleRequest,
  JoinFamilyRequest,
} from '../../../contract/schemas/family.ts';
import { familyCreateMachine } from '../../../machines/family/family-create.machine.ts';
import { adminFamily } from '../../../machines/family/family-details.model.ts';
import { familyDetailsMachine } from '../../../machines/family/family-details.machine.ts';
import { familyHomeMachine } from '../../../machines/family/family-home.machine.ts';
import { familyJoinMachine } from '../../../machines/family/family-join.machine.ts';
import { sampleJoinLink, sampleNow, sampleOwnRequest } from '../../../machines/family/family-join.model.ts';
import { machineModels } from '../../../machines/index.ts';
import type { MachineModel } from '../../../machines/model-kit.ts';
import { apiError, SAMPLE_HOLD_UNTIL } from '../../../machines/model-kit.ts';
import { FamilyCreateView } from '../../../src/features/family/family-create-view.tsx';
import { FamilyDetailsView } from '../../../src/features/family/family-details-view.tsx';
import { FamilyHomeView } from '../../../src/features/family/family-home-view.tsx';
import { FamilyJoinView } from '../../../src/features/family/family-join-view.tsx';
import { LATE_GROUPS } from '../../../src/i18n/late-groups.ts';
import { groupOfMessage, type MessageGroup } from '../../../src/i18n/message-groups.ts';
import { messageGroupsForRoutes } from '../../../src/i18n/route-message-groups.ts';
import { loadMessages, type Messages } from '../../../src/i18n/messages.ts';
import '../../../src/ui/global.css';
import { axeViolations } from '../../support/axe.ts';
import { deferred } from '../../support/deferred.ts';
import { inLanguage, missingMessagesInEveryState, stoppedAfterEach } from '../support.tsx';

const FAMILY_ROUTE = ['__root__', '/{-$lang}', '/{-$lang}/profile', '/{-$lang}/profile/family'];

const stopAll = stoppedAfterEach();

/** Answers the family calls as a test says, recording what each was sent. */
interface FakeApi {
  permission: () => Promise<FamilyPermission>;
  currentPage: () => Promise<{ page: 'home' | 'pending' | 'details' }>;
  hold: () => Promise<{ held: boolean; holdUntil: string | null }>;
  createFamily: (request: CreateFamilyRequest) => Promise<FamilyCreated>;
  ownRequest: () => Promise<FamilyOwnRequest | null>;
  joinFamily: (request: JoinFamilyRequest) => Promise<unknown>;
  handleRequest: (request: HandleRequest) => Promise<unknown>;
  family: () => Promise<FamilyDetails>;
  requests: () => Promise<FamilyRequests>;
}

const never = () => new Promise<never>(() => {});

function startHome(answers: Partial<FakeApi>, link: Partial<FamilyJoinLink> | null = null) {
  const api: FakeApi = {
    permission: async () => ({ allowed: true, reason: null }),
    currentPage: async () => ({ page: 'home' }),
    hold: async () => ({ held: false, holdUntil: null }),
    createFamily: never,
    ownRequest: async () => null,
    joinFamily: never,
    handleRequest: never,
    family: never,
    requests: async () => ({ requests: [], ownRequest: null }),
    ...answers,
  };
  const sent: Record<string, unknown[]> = {};
  const record =
    <I, O>(name: string, answer: (input: I) => Promise<O>) =>
    ({ input }: { input: I }) => {
      (sent[name] ??= []).push(input);
      return answer(input);
    };
  const machine = familyHomeMachine.provide({
    actors: {
      fetchPermission: fromPromise(record('permission', () => api.permission())),
      fetchCurrentPage: fromPromise(record('currentPage', () => api.currentPage())),
      fetchHold: fromPromise(record('hold', () => api.hold())),
      familyCreate: familyCreateMachine.provide({ actors: { createFamily: fromPromise(record('createFamily', api.createFamily)) } }),
      familyJoin: familyJoinMachine.provide({
        actors: {
          fetchOwnRequest: fromPromise(record('ownRequest', () => api.ownRequest())),
          joinFamily: fromPromise(record('joinFamily', api.joinFamily)),
          handleRequest: fromPromise(record('handleRequest', api.handleRequest)),
        },
      }),
      familyDetails: familyDetailsMachine.provide({
        actors: {
          fetchFamily: fromPromise(record('family', () => api.family())),
          fetchRequests: fromPromise(record('requests', () => api.requests())),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { lang: 'en', loginEmail: 'public1@demo.test', link, now: sampleNow } }).start();
  stopAll.push(() => actor.stop());
  return { actor, sent };
}

const active = () => document.activeElement;

async function expectNoAxeViolations() {
  expect(await axeViolations()).toEqual([]);
}

describe('family home', () => {
  it('tells an account without a login email why, and links to the emails page to add one', async () => {
    const { actor } = startHome({ permission: async () => ({ allowed: false, reason: 'familyNoLoginEmail' }) });
    const screen = await inLanguage('en', <FamilyHomeView actor={actor} />);
    await expect.element(screen.getByText('Your account has no login email. Please add a login email to your profile first.')).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Add a login email' })).toHaveAttribute('href', '/en/profile/emails');
    expect(screen.getByRole('button').elements()).toEqual([]);
    await expectNoAxeViolations();
  });

  it('refuses a functional account with no way round, and tells a student account how to upgrade', async () => {
    const school = startHome({ permission: async () => ({ allowed: false, reason: 'familyFunctionalAccount' }) });
    const first = await inLanguage('en', <FamilyHomeView actor={school.actor} />);
    await expect.element(first.getByText('Functional accounts cannot join a family.')).toBeVisible();
    expect(first.getByRole('link').elements()).toEqual([]);
    await first.unmount();

    const student = startHome({ permission: async () => ({ allowed: false, reason: 'familyStudentOnly' }) });
    const second = await inLanguage('zh_hant', <FamilyHomeView actor={student.actor} />);
    await expect.element(second.getByRole('link', { name: '把帳戶升級為學生會員：約需 5 分鐘。' })).toHaveAttribute('href', '/zh_hant/profile/student-upgrade');
    await expect.element(second.getByRole('link', { name: '前往你的個人資料' })).toHaveAttribute('href', '/zh_hant/profile');
  });

  for (const lang of ['en', 'zh_hant', 'zh_hans'] as const) {
    it(`shows until when a held account must wait, as a date and time of its language (${lang})`, async () => {
      const { actor } = startHome({ hold: async () => ({ held: true, holdUntil: SAMPLE_HOLD_UNTIL }) });
      const screen = await inLanguage(lang, <FamilyHomeView actor={actor} />);
      const until = new Intl.DateTimeFormat(HTML_LANG[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }).format(new Date(SAMPLE_HOLD_UNTIL));
      await expect.element(screen.getByText(new RegExp(until.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeVisible();
      expect(screen.getByRole('button').elements()).toEqual([]);
    });
  }

  it('creates a family with the keyboard alone: form, confirm-create dialog, then the new family’s details', async () => {
    const created: FamilyCreated = { familyId: 'f-new', familyRef: 'N3W4F5', code: '123456', codeCreatedAt: '2026-01-15T12:00:00.000Z', codeExpiresAt: '2026-01-22T12:00:00.000Z' };
    const family: FamilyDetails = {
      familyId: 'f-new',
      familyName: 'The Lams',
      familyRef: 'N3W4F5',
      code: '123456',
      codeCreatedAt: created.codeCreatedAt,
      codeExpiresAt: created.codeExpiresAt,
      members: [{ memberId: 'm-me', nickname: 'Mama Lam', familyRole: 'MOTHER', isAdmin: true, status: 'active', isCurrentUser: true }],
    };
    // The server answers a little later than at once, as over a network.
    const later = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 30));
    const { actor, sent } = startHome({ createFamily: () => later(created), family: () => later(family) });
    const screen = await inLanguage('en', <FamilyHomeView actor={actor} />);

    await expect.element(screen.getByRole('heading', { level: 1, name: 'Family' })).toHaveFocus();
    await userEvent.tab();
    expect(active()?.textContent).toBe('Create a family');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Create a family' })).toHaveFocus();

    await userEvent.tab();
    expect(active()?.id).toBe('familyName');
    await userEvent.keyboard('The Lams');
    await userEvent.tab();
    expect(active()?.id).toBe('nickname');
    await userEvent.keyboard('Mama Lam');
    await userEvent.tab();
    expect(active()?.id).toBe('role');
    await userEvent.keyboard('{ArrowDown}');
    expect((active() as HTMLInputElement).value).toBe('MOTHER');
    await userEvent.tab();
    expect(active()?.id).toBe('recaptcha');
    await userEvent.keyboard(' ');
    await userEvent.tab();
    expect(active()?.textContent).toBe('Continue');
    await userEvent.keyboard('{Enter}');

    const dialog = page.getByRole('dialog', { name: 'Create this family?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toHaveAccessibleDescription('You will be the admin of “The Lams”, as Mama Lam (Mother). An account can only be in one family.');
    await expect.element(dialog.getByRole('button', { name: 'Create family' })).toHaveFocus();
    await expectNoAxeViolations();
    await userEvent.keyboard('{Enter}');

    await expect.element(screen.getByRole('heading', { level: 1, name: 'The Lams' })).toHaveFocus();
    await expect.element(screen.getByText('You are the only member so far. Invite your family with the join link, WhatsApp or an email.')).toBeVisible();
    await expect.element(screen.getByText('N3W4F5')).toBeVisible();
    await expect.element(screen.getByText('123456')).toBeVisible();
    expect(sent.createFamily).toEqual([{ familyName: 'The Lams', nickname: 'Mama Lam', role: 'MOTHER', recaptcha: expect.stringMatching(/^dev-stand-in-/) }]);
    await expectNoAxeViolations();
  });

  it('sends the form back to the home when the user goes back, and the other way in is still offered', async () => {
    const { actor } = startHome({});
    const screen = await inLanguage('en', <FamilyHomeView actor={actor} />);
    await screen.getByRole('button', { name: 'Join a family' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Join a family' })).toHaveFocus();
    await screen.getByRole('button', { name: 'Back' }).click();
    await expect.element(screen.getByRole('button', { name: 'Create a family' })).toBeVisible();
  });
});

describe('family create form', () => {
  function startCreate(answer: (request: CreateFamilyRequest) => Promise<FamilyCreated>) {
    const sent: CreateFamilyRequest[] = [];
    const machine = familyCreateMachine.provide({
      actors: {
        createFamily: fromPromise<FamilyCreated, CreateFamilyRequest>(({ input }) => {
          sent.push(input);
          return answer(input);
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    stopAll.push(() => actor.stop());
    return { actor, sent };
  }

  it('lists every problem in a summary that takes focus, each linked to its field and repeated there', async () => {
    const { actor, sent } = startCreate(never);
    const screen = await inLanguage('en', <FamilyCreateView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('Your nickname in the family'), 'x'.repeat(101));
    await screen.getByRole('button', { name: 'Continue' }).click();

    const summary = screen.getByRole('alert');
    await expect.element(summary).toHaveFocus();
    const links = [...summary.element().querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Enter a family name', '#familyName'],
      ['Nickname must be 100 characters or fewer', '#nickname'],
      ['Select your role in the family', '#role'],
      ['Confirm that you are not a robot', '#recaptcha'],
    ]);
    await expect.element(screen.getByLabelText('Family name')).toHaveAccessibleDescription(/Enter a family name/);
    await screen.getByRole('link', { name: 'Select your role in the family' }).click();
    expect(active()?.id).toBe('role');
    expect(sent).toEqual([]);
    await expectNoAxeViolations();
  });

  it('marks the field the server found indecent, and asks for a fresh robot check', async () => {
    const answer = deferred<never>();
    const { actor } = startCreate(() => answer.promise);
    const screen = await inLanguage('zh_hant', <FamilyCreateView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('家庭名稱'), 'Bad Name');
    await userEvent.fill(screen.getByLabelText('你在家庭中的暱稱'), '媽媽');
    await screen.getByLabelText('母親').click();
    await screen.getByRole('checkbox').click();
    await screen.getByRole('button', { name: '繼續' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '建立家庭' }).click();
    // The server answers once the dialog has closed and given focus back.
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    answer.reject(apiError('indecentLanguage', { fields: [{ field: 'familyName', rule: 'indecent' }] }));

    const link = screen.getByRole('link', { name: '請刪除此答案中的不雅字詞。' });
    await expect.element(link).toHaveAttribute('href', '#familyName');
    await expect.element(screen.getByRole('alert')).toHaveFocus();
    await expect.element(screen.getByLabelText('家庭名稱')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it('explains a refusal of the whole form, such as one family per account', async () => {
    const answer = deferred<never>();
    const { actor } = startCreate(() => answer.promise);
    const screen = await inLanguage('en', <FamilyCreateView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('Family name'), 'The Lams');
    await userEvent.fill(screen.getByLabelText('Your nickname in the family'), 'Mama Lam');
    await screen.getByLabelText('Mother').click();
    await screen.getByRole('checkbox').click();
    await screen.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create family' }).click();
    // Refused once the dialog has closed and given focus back.
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    answer.reject(apiError('familyCannotCreateOrJoin'));
    await expect.element(screen.getByRole('alert').getByText('You cannot create or join a family now.')).toBeVisible();
    await expect.element(screen.getByRole('alert')).toHaveFocus();
  });

  it('closes the confirm-create dialog with Escape, keeping what was typed, and gives focus back to Continue', async () => {
    const { actor, sent } = startCreate(never);
    const screen = await inLanguage('en', <FamilyCreateView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('Family name'), 'The Lams');
    await userEvent.fill(screen.getByLabelText('Your nickname in the family'), 'Mama Lam');
    await screen.getByLabelText('Mother').click();
    await screen.getByRole('checkbox').click();
    await screen.getByRole('button', { name: 'Continue' }).click();
    await expect.element(page.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await expect.element(screen.getByLabelText('Family name')).toHaveValue('The Lams');
    expect(sent).toEqual([]);
  });
});

describe('family join form and pending request', () => {
  function startJoin(answers: { ownRequest?: () => Promise<FamilyOwnRequest | null>; join?: (request: JoinFamilyRequest) => Promise<unknown>; handle?: (request: HandleRequest) => Promise<unknown> }, link: Partial<FamilyJoinLink> | null = null) {
    const sent: { join: JoinFamilyRequest[]; handle: HandleRequest[] } = { join: [], handle: [] };
    const machine = familyJoinMachine.provide({
      actors: {
        fetchOwnRequest: fromPromise(() => (answers.ownRequest ?? (async () => null))()),
        joinFamily: fromPromise<unknown, JoinFamilyRequest>(({ input }) => {
          sent.join.push(input);
          return (answers.join ?? never)(input);
        }),
        handleRequest: fromPromise<unknown, HandleRequest>(({ input }) => {
          sent.handle.push(input);
          return (answers.handle ?? never)(input);
        }),
      },
    });
    const actor = createActor(machine, { input: { lang: 'en', link, now: sampleNow } }).start();
    stopAll.push(() => actor.stop());
    return { actor, sent };
  }

  async function fillNicknameRoleRobot(screen: Awaited<ReturnType<typeof inLanguage>>) {
    await userEvent.fill(screen.getByLabelText('Your nickname in the family'), 'Siu Ming');
    await screen.getByLabelText('Brother or sister').click();
    await screen.getByRole('checkbox').click();
  }

  it('opens prefilled from a join link, and reads a refusal of the link’s own values as a bad link', async () => {
    const { actor, sent } = startJoin({ join: async () => Promise.reject(apiError('familyCodeMismatch')) }, sampleJoinLink());
    const screen = await inLanguage('en', <FamilyJoinView actor={actor} />);
    await expect.element(screen.getByLabelText('Family admin’s email address')).toHaveValue('public1@demo.test');
    await expect.element(screen.getByLabelText('Family reference number')).toHaveValue('F7K2Q9');
    await expect.element(screen.getByLabelText('Family code')).toHaveValue('482913');
    await expect.element(screen.getByText('The details from your join link are filled in. Add your nickname and role to send the request.')).toBeVisible();
    await fillNicknameRoleRobot(screen);
    await screen.getByRole('button', { name: 'Send join request' }).click();
    await expect.element(screen.getByRole('alert').getByText(/^The join link has expired or is not valid/)).toBeVisible();
    expect(sent.join[0]).toMatchObject({ adminEmail: 'public1@demo.test', familyRef: 'F7K2Q9', code: '482913', nickname: 'Siu Ming', role: 'SIBLING' });
  });

  it('links a wrong code typed by hand to the code field', async () => {
    const { actor } = startJoin({ join: async () => Promise.reject(apiError('familyCodeMismatch')) }, sampleJoinLink());
    const screen = await inLanguage('en', <FamilyJoinView actor={actor} />);
    await userEvent.fill(screen.getByLabelText('Family code'), '654321');
    await fillNicknameRoleRobot(screen);
    await screen.getByRole('button', { name: 'Send join request' }).click();
    const link = screen.getByRole('link', { name: 'The family code does not match.' });
    await expect.element(link).toHaveAttribute('href', '#code');
    await expect.element(screen.getByLabelText('Family code')).toHaveAccessibleDescription(/The family code does not match/);
    await expectNoAxeViolations();
  });

  it('shows the hold with its time after too many wrong requests', async () => {
    const { actor } = startJoin({ join: async () => Promise.reject(apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL })) }, sampleJoinLink({ code: '111111' }));
    const screen = await inLanguage('en', <FamilyJoinView actor={actor} />);
    await fillNicknameRoleRobot(screen);
    await screen.getByRole('button', { name: 'Send join request' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Please wait before trying again' })).toHaveFocus();
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }).format(new Date(SAMPLE_HOLD_UNTIL));
    await expect.element(screen.getByText(new RegExp(`after ${until.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(Hong Kong time\\)`))).toBeVisible();
  });

  it('waits for an admin with refresh and cancel request; the cancel dialog closes with Escape and withdraws on confirm', async () => {
    let status: FamilyOwnRequest | null = sampleOwnRequest('pending');
    const { actor, sent } = startJoin({
      ownRequest: async () => status,
      handle: async () => {
        status = null;
      },
    });
    const screen = await inLanguage('en', <FamilyJoinView actor={actor} />);
    await expect.element(screen.getByText('Your request to join “The Chans” is waiting for a family admin. Refresh to see whether it has been answered.')).toBeVisible();
    const cancel = screen.getByRole('button', { name: 'Cancel request' });
    await cancel.click();
    await expect.element(page.getByRole('dialog', { name: 'Cancel your join request?' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(cancel).toHaveFocus();
    expect(sent.handle).toEqual([]);

    await cancel.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel request' }).click();
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Join a family' })).toHaveFocus();
    expect(sent.handle).toEqual([{ familyId: 'f-chan', memberId: 'm-siu-ming', actions: 'WITHDRAW', lang: 'en' }]);
  });

  for (const [state, title, button] of [
    ['declined', 'Your request was declined', 'Acknowledge'],
    ['kicked', 'You were removed from the family', 'Acknowledge'],
    // SPEC §4: the member of a dismissed family presses Leave (issue 13).
    ['dismissed', 'The family was dismissed', 'Leave the family'],
  ] as const) {
    it(`shows the ${state} notice until it is acknowledged`, async () => {
      let status: FamilyOwnRequest | null = sampleOwnRequest(state);
      const { actor, sent } = startJoin({
        ownRequest: async () => status,
        handle: async () => {
          status = null;
        },
      });
      const screen = await inLanguage('en', <FamilyJoinView actor={actor} />);
      await expect.element(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
      // Every notice names the family (issue 13).
      await expect.element(screen.getByText(/“The Chans”/)).toBeVisible();
      await expectNoAxeViolations();
      await screen.getByRole('button', { name: button }).click();
      await expect.element(screen.getByRole('heading', { level: 1, name: 'Join a family' })).toBeVisible();
      expect(sent.handle.map((request) => request.actions)).toEqual(['ACKNOWLEDGE']);
    });
  }
});

/** What the app downloads for a page: the messages of the given groups. */
function messagesOf(all: Messages, groups: ReadonlySet<MessageGroup>): Messages {
  return Object.fromEntries(Object.entries(all).filter(([id]) => groups.has(groupOfMessage(id))));
}

describe('message groups of the family page', () => {
  const routeGroups = new Set(messageGroupsForRoutes(FAMILY_ROUTE));
  // The field sentences and the refusals download when a form is first touched or needs them (src/i18n/late-groups.ts).
  const homeGroups = new Set<MessageGroup>([...routeGroups, ...LATE_GROUPS]);
  const flowGroups = new Set<MessageGroup>([...homeGroups, 'familyFlows']);
  const cases: Array<{ model: MachineModel; View: ComponentType<{ actor: AnyActorRef }>; groups: ReadonlySet<MessageGroup>; what: string }> = [
    { model: machineModels.familyHome, View: FamilyHomeView as ComponentType<{ actor: AnyActorRef }>, groups: homeGroups, what: 'the route downloads' },
    { model: machineModels.familyCreate, View: FamilyCreateView as ComponentType<{ actor: AnyActorRef }>, groups: flowGroups, what: 'the route and the familyFlows group give' },
    { model: machineModels.familyJoin, View: FamilyJoinView as ComponentType<{ actor: AnyActorRef }>, groups: flowGroups, what: 'the route and the familyFlows group give' },
    { model: machineModels.familyDetails, View: FamilyDetailsView as ComponentType<{ actor: AnyActorRef }>, groups: flowGroups, what: 'the route and the familyFlows group give' },
  ];

  it('downloads only the home’s messages with the route; the flows bring their own group', () => {
    expect([...routeGroups]).toEqual(['core', 'profile', 'family']);
  });

  for (const { model, View, groups, what } of cases) {
    it(`${model.name} finds every message of every state among what ${what}`, async () => {
      const messages = messagesOf(await loadMessages('zh_hant'), groups);
      expect(await missingMessagesInEveryState(model, View, messages)).toEqual([]);
    });
  }

  it('renders the sample admin family without missing messages in the details view of every language', async () => {
    for (const lang of ['zh_hant', 'en', 'zh_hans'] as const) {
      const messages = await loadMessages(lang);
      const missing: string[] = [];
      const machine = familyDetailsMachine.provide({
        actors: { fetchFamily: fromPromise(async () => adminFamily()), fetchRequests: fromPromise(async (): Promise<FamilyRequests> => ({ requests: [], ownRequest: null })) },
      });
      const actor = createActor(machine, { input: { lang, loginEmail: 'public1@demo.test', now: sampleNow } }).start();
      const screen = await render(
        <IntlProvider locale={HTML_LANG[lang]} defaultLocale="en" messages={messages} onError={(error) => missing.push(error.message)}>
          <FamilyDetailsView actor={actor} />
        </IntlProvider>,
      );
      await expect.element(screen.getByRole('heading', { level: 1, name: 'The Chans' })).toBeVisible();
      await screen.unmount();
      actor.stop();
      expect(missing).toEqual([]);
    }
  });
});
