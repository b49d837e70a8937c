import { describe, expect, it } from 'vitest';
import { FAMILY_CAPACITY, FAMILY_CODE_VALIDITY_DAYS, FAMILY_INVITES_PER_DAY, FAMILY_REF_MAX, FAMILY_ROLES } from '../../../contract/index.ts';
import { FAMILY_REF_ALPHABET } from '../../../server/domain/family-codes.ts';
import {
  type Person,
  addMember,
  createFamily,
  crowd,
  expectData,
  expectRefused,
  familySnapshot,
  handle,
  joinBody,
  later,
  page,
  people,
  person,
  requestJoin,
} from './family-fixtures.ts';
import { HOUR, databases, emailsTo, useTestServer } from '../support.ts';

const DAY = 24 * HOUR;

describe.each(databases)('family groups on $name', ({ name }) => {
  // A reCAPTCHA stand-in that refuses the token 'robot', so refusals can be shown.
  const server = useTestServer(name, { recaptcha: async (token) => token.length > 0 && token !== 'robot' });

  describe('who may use families', () => {
    it('allows public members, student members and full members who have a login email', async () => {
      for (const category of ['PUBLIC', 'STUDENT_MEMBER', 'FULL_MEMBER'] as const) {
        const p = await person(server, { category });
        expect(expectData(await p.get('/permission'))).toEqual({ allowed: true, reason: null });
      }
    });

    it('tells each refused account why: no login email, functional account, student only, or another account type (never a bare forbidden, issue 13)', async () => {
      const cases = [
        [{ category: 'PUBLIC', email: null }, 'familyNoLoginEmail'],
        [{ category: 'FULL_MEMBER', email: null }, 'familyNoLoginEmail'],
        [{ category: 'SCHOOL' }, 'familyFunctionalAccount'],
        [{ category: 'CORPORATE_ADMINISTRATOR' }, 'familyFunctionalAccount'],
        [{ category: 'SCHOOL_PURCHASER' }, 'familyFunctionalAccount'],
        [{ category: 'STUDENT', email: null }, 'familyStudentOnly'],
        [{ category: 'STUDENT' }, 'familyStudentOnly'],
        [{ category: 'SCHOOL_BASED_TEACHER' }, 'familyAccountType'],
        [{ category: 'INDIVIDUAL_TEACHER' }, 'familyAccountType'],
        [{ category: 'SCHOOL_ADMINISTRATOR' }, 'familyAccountType'],
        [{ category: 'OTHER' }, 'familyAccountType'],
      ] as const;
      for (const [options, reason] of cases) {
        const p = await person(server, options);
        expect(expectData(await p.get('/permission')), options.category).toEqual({ allowed: false, reason });
      }
    });

    it('refuses a refused account every family call with that code, changing nothing', async () => {
      const owner = await person(server);
      const family = await createFamily(owner);
      const student = await person(server, { category: 'STUDENT', email: null });
      const before = await familySnapshot(server);
      const calls = [
        student.get('/currentPage'),
        student.get('/family?lang=en'),
        student.get('/request?lang=en'),
        student.post('', { familyName: 'Mine', nickname: 'Me', role: 'CHILD', recaptcha: 'token' }),
        student.post('/join', joinBody(family, owner.email)),
        student.post('/handle-request', { familyId: family.familyId, memberId: family.familyId, actions: 'WITHDRAW', lang: 'en' }),
        student.post('/regen-family-code', { familyId: family.familyId }),
        student.post('/leave-family', { familyId: family.familyId }),
        student.del(`/dismiss-family?familyId=${family.familyId}`),
        student.post('/update-info', { familyId: family.familyId, nickname: 'Me', familyRole: 'CHILD', lang: 'en' }),
        student.post('/invite', { familyId: family.familyId, email: 'x@example.test', lang: 'en' }),
      ];
      for (const response of await Promise.all(calls)) expectRefused(response, 'familyStudentOnly', 403);
      expect(await familySnapshot(server)).toEqual(before);
    });

    it('answers 401 to every call without a session', async () => {
      for (const [method, path] of [
        ['GET', '/permission'],
        ['GET', '/roles'],
        ['GET', '/hold'],
        ['GET', '/currentPage'],
        ['GET', '/family?lang=en'],
        ['GET', '/request?lang=en'],
        ['POST', ''],
        ['POST', '/join'],
        ['POST', '/handle-request'],
        ['POST', '/regen-family-code'],
        ['POST', '/leave-family'],
        ['DELETE', '/dismiss-family?familyId=x'],
        ['POST', '/update-info'],
        ['POST', '/invite'],
      ] as const) {
        expectRefused(await server.request(method, `/api/family${path}`, method === 'GET' ? {} : { json: {} }), 'unauthorized', 401);
      }
    });

    it('lists the family roles to choose from', async () => {
      const p = await person(server);
      expect(expectData(await p.get('/roles'))).toEqual({ userFamilyRoles: [...FAMILY_ROLES] });
    });
  });

  describe('creating a family', () => {
    it('makes the creator its admin, with a reference of unambiguous characters and a six-digit code valid for seven days', async () => {
      const admin = await person(server);
      expect(await page(admin)).toBe('home');
      const family = await createFamily(admin, { familyName: 'The Chans', nickname: 'Dad' });
      expect(family.familyRef.length).toBeLessThanOrEqual(FAMILY_REF_MAX);
      expect([...family.familyRef].every((ch) => FAMILY_REF_ALPHABET.includes(ch))).toBe(true);
      expect(family.code).toMatch(/^\d{6}$/);
      expect(family.codeCreatedAt).toBe(server.clock.now().toISOString());
      expect(Date.parse(family.codeExpiresAt) - Date.parse(family.codeCreatedAt)).toBe(FAMILY_CODE_VALIDITY_DAYS * DAY);

      expect(await page(admin)).toBe('details');
      expect(expectData(await admin.get('/family?lang=en'))).toEqual({
        familyId: family.familyId,
        familyName: 'The Chans',
        familyRef: family.familyRef,
        code: family.code,
        codeCreatedAt: family.codeCreatedAt,
        codeExpiresAt: family.codeExpiresAt,
        members: [{ memberId: expect.any(String), nickname: 'Dad', familyRole: 'FATHER', isAdmin: true, status: 'active', isCurrentUser: true }],
      });
      expect(expectData(await admin.get('/request?lang=en'))).toEqual({
        requests: [],
        ownRequest: { status: 'active', familyId: family.familyId, memberId: expect.any(String), familyName: 'The Chans' },
      });
    });

    it('gives every family its own reference', async () => {
      const admins = await people(server, 4);
      const refs = new Set<string>();
      for (const admin of admins) refs.add((await createFamily(admin)).familyRef);
      expect(refs.size).toBe(4);
    });

    it('refuses a second family, and a family while a join request is under way', async () => {
      const [admin, requester] = await people(server, 2);
      const family = await createFamily(admin);
      expectRefused(await admin.post('', { familyName: 'Second', nickname: 'Dad', role: 'FATHER', recaptcha: 'token' }), 'familyCannotCreateOrJoin', 409);
      await requestJoin(requester, family, admin);
      expectRefused(await requester.post('', { familyName: 'Mine', nickname: 'Me', role: 'FATHER', recaptcha: 'token' }), 'familyCannotCreateOrJoin', 409);
    });

    it('makes one family of one person creating several at once', async () => {
      const admin = await person(server);
      const responses = await Promise.all(
        Array.from({ length: 5 }, (_, i) => admin.post('', { familyName: `Race ${i}`, nickname: 'Dad', role: 'FATHER', recaptcha: 'token' })),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of responses.filter((r) => r.status !== 200)) expectRefused(r, 'familyCannotCreateOrJoin', 409);
      const rows = await server.db.selectFrom('family_members').select('id').where('user_id', '=', admin.account.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses indecent family names and nicknames, naming the fields, and accepts innocent names that look alike', async () => {
      const admin = await person(server);
      const before = await familySnapshot(server);
      const refused = await admin.post('', { familyName: '仆街之家', nickname: 'fuck', role: 'FATHER', recaptcha: 'token' });
      expectRefused(refused, 'indecentLanguage', 400);
      expect(refused.body.error.fields).toEqual([
        { field: 'familyName', rule: 'indecent' },
        { field: 'nickname', rule: 'indecent' },
      ]);
      expect(await familySnapshot(server)).toEqual(before);
      await createFamily(admin, { familyName: '乳鴿豆腐乳之家', nickname: 'Dick Lee' });
    });

    it('refuses a failed reCAPTCHA', async () => {
      const admin = await person(server);
      const response = await admin.post('', { familyName: 'Robots', nickname: 'R', role: 'OTHER', recaptcha: 'robot' });
      expectRefused(response, 'recaptchaFailed', 400);
      expect(await page(admin)).toBe('home');
    });
  });

  describe('joining by reference, admin email and code', () => {
    it('sends a pending request the admin sees, and the requester waits on the pending page', async () => {
      const [admin, requester] = await people(server, 2);
      const family = await createFamily(admin);
      server.clock.advance(60_000);
      const response = await requester.post('/join', joinBody(family, admin.email.toUpperCase(), { familyRef: family.familyRef.toLowerCase(), nickname: 'Ah Ming', role: 'SIBLING' }));
      expect(expectData(response)).toEqual({ status: 'pending' });
      expect(await page(requester)).toBe('pending');
      const own = expectData(await requester.get('/request?lang=zh_hant')).ownRequest;
      // The pending page names the family the request is for (issue 13).
      expect(own).toEqual({ status: 'pending', familyId: family.familyId, memberId: expect.any(String), familyName: 'The Chans' });
      expect(expectData(await admin.get('/request?lang=en')).requests).toEqual([
        { memberId: own.memberId, nickname: 'Ah Ming', familyRole: 'SIBLING', status: 'pending', requestedAt: server.clock.now().toISOString() },
      ]);
      expectRefused(await requester.get('/family?lang=en'), 'familyNotMember', 403);
    });

    it('names what is wrong: reference, admin email, code, or an expired code', async () => {
      const [admin, member, requester] = await people(server, 3);
      const family = await createFamily(admin);
      await addMember(admin, family, member);
      expectRefused(await requester.post('/join', joinBody(family, admin.email, { familyRef: 'ZZZZZZZZ' })), 'familyNotFound', 404);
      expectRefused(await requester.post('/join', joinBody(family, 'nobody@example.test')), 'familyAdminEmailNotFound', 404);
      // A member who is not an admin is not the admin email.
      expectRefused(await requester.post('/join', joinBody(family, member.email)), 'familyAdminEmailNotFound', 404);
      const wrongCode = family.code === '000000' ? '000001' : '000000';
      expectRefused(await requester.post('/join', joinBody(family, admin.email, { code: wrongCode })), 'familyCodeMismatch', 400);
      await later(server, FAMILY_CODE_VALIDITY_DAYS * DAY, requester);
      expectRefused(await requester.post('/join', joinBody(family, admin.email)), 'familyCodeExpired', 410);
      expect(await page(requester)).toBe('home');
    });

    it('refuses a request to a full family', async () => {
      const admin = await person(server);
      const family = await createFamily(admin);
      for (const newcomer of await crowd(server, FAMILY_CAPACITY - 1)) await addMember(admin, family, newcomer);
      const late = await person(server);
      expectRefused(await late.post('/join', joinBody(family, admin.email)), 'familyFull', 409);
      expect(await page(late)).toBe('home');
    });

    it('refuses a request from someone already in a family or with a request under way', async () => {
      const [adminA, adminB, requester] = await people(server, 3);
      const familyA = await createFamily(adminA);
      const familyB = await createFamily(adminB);
      expectRefused(await adminA.post('/join', joinBody(familyB, adminB.email)), 'familyCannotCreateOrJoin', 409);
      await requestJoin(requester, familyA, adminA);
      expectRefused(await requester.post('/join', joinBody(familyB, adminB.email)), 'familyCannotCreateOrJoin', 409);
    });

    it('refuses an indecent nickname with its field', async () => {
      const [admin, requester] = await people(server, 2);
      const family = await createFamily(admin);
      const response = await requester.post('/join', joinBody(family, admin.email, { nickname: '屌你老母' }));
      expectRefused(response, 'indecentLanguage', 400);
      expect(response.body.error.fields).toEqual([{ field: 'nickname', rule: 'indecent' }]);
    });

    it('holds the user after the sixth incorrect request in 24 hours, until the time it shows', async () => {
      const [admin, guesser] = await people(server, 2);
      const family = await createFamily(admin);
      const wrong = family.code === '123456' ? '654321' : '123456';
      expect(expectData(await guesser.get('/hold'))).toEqual({ held: false, holdUntil: null });
      for (let i = 0; i < 5; i++) expectRefused(await guesser.post('/join', joinBody(family, admin.email, { code: wrong })), 'familyCodeMismatch');
      const sixth = await guesser.post('/join', joinBody(family, admin.email, { familyRef: 'WRONGREF' }));
      expectRefused(sixth, 'held', 429);
      const holdUntil = new Date(server.clock.now().getTime() + DAY).toISOString();
      expect(sixth.body.error.holdUntil).toBe(holdUntil);
      expect(expectData(await guesser.get('/hold'))).toEqual({ held: true, holdUntil });
      // Even the right answer waits for the hold to end.
      expectRefused(await guesser.post('/join', joinBody(family, admin.email)), 'held', 429);
      expect(await page(guesser)).toBe('home');

      await later(server, DAY + 60_000, guesser);
      expect(expectData(await guesser.get('/hold'))).toEqual({ held: false, holdUntil: null });
      expect(expectData(await guesser.post('/join', joinBody(family, admin.email)))).toEqual({ status: 'pending' });
    });

    it('starts counting afresh after a right request', async () => {
      const [admin, guesser] = await people(server, 2);
      const family = await createFamily(admin);
      const wrong = family.code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) expectRefused(await guesser.post('/join', joinBody(family, admin.email, { code: wrong })), 'familyCodeMismatch');
      const memberId = await requestJoin(guesser, family, admin);
      expectData(await handle(guesser, family.familyId, memberId, 'WITHDRAW'));
      for (let i = 0; i < 5; i++) expectRefused(await guesser.post('/join', joinBody(family, admin.email, { code: wrong })), 'familyCodeMismatch');
    });

    it('lets none of 50 parallel wrong requests slip past the hold', async () => {
      const [admin, guesser] = await people(server, 2);
      const family = await createFamily(admin);
      const wrong = family.code === '123456' ? '654321' : '123456';
      const responses = await Promise.all(Array.from({ length: 50 }, () => guesser.post('/join', joinBody(family, admin.email, { code: wrong }))));
      const codes = responses.map((r) => r.body.error.code);
      expect(codes.filter((code) => code === 'familyCodeMismatch')).toHaveLength(5);
      expect(codes.filter((code) => code === 'held')).toHaveLength(45);
      for (const r of responses.filter((r) => r.body.error.code === 'held')) expect(r.body.error.holdUntil).toEqual(expect.any(String));
      expect(expectData(await guesser.get('/hold')).held).toBe(true);
    });
  });

  describe('an admin handling requests', () => {
    it('accepts a request: the requester becomes a member and sees the family', async () => {
      const [admin, requester] = await people(server, 2);
      const family = await createFamily(admin);
      const memberId = await requestJoin(requester, family, admin, 'Ah Ming');
      expect(expectData(await handle(admin, family.familyId, memberId, 'ACCEPT'))).toEqual({});
      expect(await page(requester)).toBe('details');
      expect(expectData(await requester.get('/request?lang=en')).ownRequest).toEqual({ status: 'active', familyId: family.familyId, memberId, familyName: 'The Chans' });
      const seen = expectData(await requester.get('/family?lang=en'));
      expect(seen.code).toBeNull();
      expect(seen.codeCreatedAt).toBeNull();
      expect(seen.codeExpiresAt).toBeNull();
      expect(seen.members).toEqual([
        expect.objectContaining({ nickname: 'Dad', isAdmin: true, isCurrentUser: false }),
        { memberId, nickname: 'Ah Ming', familyRole: 'CHILD', isAdmin: false, status: 'active', isCurrentUser: true },
      ]);
      expect(expectData(await admin.get('/request?lang=en')).requests).toEqual([]);
    });

    it('accepts and grants admin in one step', async () => {
      const [admin, requester] = await people(server, 2);
      const family = await createFamily(admin);
      const memberId = await addMember(admin, family, requester, 'Mum', true);
      const seen = expectData(await requester.get('/family?lang=en'));
      expect(seen.members.find((m: { memberId: string }) => m.memberId === memberId).isAdmin).toBe(true);
      expect(seen.code).toBe(family.code);
    });

    it('declines a request: the requester sees the notice, may withdraw or acknowledge it, and is free again', async () => {
      const [admin, requesterA, requesterB] = await people(server, 3);
      const family = await createFamily(admin);
      const a = await requestJoin(requesterA, family, admin);
      const b = await requestJoin(requesterB, family, admin);
      expectData(await handle(admin, family.familyId, a, 'DECLINE'));
      expectData(await handle(admin, family.familyId, b, 'DECLINE'));
      expect(await page(requesterA)).toBe('pending');
      expect(expectData(await requesterA.get('/request?lang=en')).ownRequest.status).toBe('declined');
      expectRefused(await handle(admin, family.familyId, a, 'ACCEPT'), 'familyAlreadyProcessed', 409);

      expectData(await handle(requesterA, family.familyId, a, 'WITHDRAW'));
      expectData(await handle(requesterB, family.familyId, b, 'ACKNOWLEDGE'));
      for (const p of [requesterA, requesterB]) {
        expect(await page(p)).toBe('home');
        expect(expectData(await p.get('/request?lang=en')).ownRequest).toBeNull();
      }
      await requestJoin(requesterA, family, admin);
    });

    it('lets a requester withdraw a pending request but not a processed one, and not somebody else’s', async () => {
      const [admin, requesterA, requesterB] = await people(server, 3);
      const family = await createFamily(admin);
      const a = await requestJoin(requesterA, family, admin);
      const b = await requestJoin(requesterB, family, admin);
      expectRefused(await handle(requesterA, family.familyId, b, 'WITHDRAW'), 'familyRequestNotFound', 404);
      expectRefused(await handle(admin, family.familyId, b, 'WITHDRAW'), 'familyRequestNotFound', 404);
      expectData(await handle(requesterB, family.familyId, b, 'WITHDRAW'));
      expect(await page(requesterB)).toBe('home');
      expectRefused(await handle(admin, family.familyId, b, 'ACCEPT'), 'familyRequestNotFound', 404);

      expectData(await handle(admin, family.familyId, a, 'ACCEPT'));
      expectRefused(await handle(requesterA, family.familyId, a, 'WITHDRAW'), 'familyCannotWithdrawProcessed', 409);
      expectRefused(await handle(requesterA, family.familyId, a, 'ACKNOWLEDGE'), 'familyRequestNotFound', 404);
      expect(await page(requesterA)).toBe('details');
    });

    it('refuses admin actions to members who are not admins, and tells a demoted admin they are no longer one', async () => {
      const [admin, second, member, requester] = await people(server, 4);
      const family = await createFamily(admin);
      const secondId = await addMember(admin, family, second, 'Mum', true);
      await addMember(admin, family, member);
      const requestId = await requestJoin(requester, family, admin);
      expectRefused(await handle(member, family.familyId, requestId, 'ACCEPT'), 'familyNotAdmin', 403);
      expectRefused(await member.post('/regen-family-code', { familyId: family.familyId }), 'familyNotAdmin', 403);
      expectRefused(await member.del(`/dismiss-family?familyId=${family.familyId}`), 'familyNotAdmin', 403);
      expectRefused(await member.post('/invite', { familyId: family.familyId, email: 'x@example.test', lang: 'en' }), 'familyNotAdmin', 403);
      expectData(await handle(admin, family.familyId, secondId, 'REMOVE_ADMIN'));
      expectRefused(await handle(second, family.familyId, requestId, 'DECLINE'), 'familyNoLongerAdmin', 409);
      // Every admin call says so, each a declared refusal (no 500 outside production).
      expectRefused(await second.post('/regen-family-code', { familyId: family.familyId }), 'familyNoLongerAdmin', 409);
      expectRefused(await second.del(`/dismiss-family?familyId=${family.familyId}`), 'familyNoLongerAdmin', 409);
      expectRefused(await second.post('/invite', { familyId: family.familyId, email: 'x@example.test', lang: 'en' }), 'familyNoLongerAdmin', 409);
      expect(expectData(await admin.get('/request?lang=en')).requests).toHaveLength(1);
    });

    it('refuses unknown ids and another family’s ids', async () => {
      const [adminA, adminB, requesterB, memberB] = await people(server, 4);
      const familyA = await createFamily(adminA);
      const familyB = await createFamily(adminB);
      const requestB = await requestJoin(requesterB, familyB, adminB);
      const memberBId = await addMember(adminB, familyB, memberB);
      const before = await familySnapshot(server);
      expectRefused(await handle(adminA, 'no-such-family', requestB, 'ACCEPT'), 'familyNotFound', 404);
      expectRefused(await handle(adminA, familyB.familyId, requestB, 'ACCEPT'), 'familyNotMember', 403);
      expectRefused(await handle(adminA, familyA.familyId, requestB, 'ACCEPT'), 'familyRequestNotFound', 404);
      expectRefused(await handle(adminA, familyA.familyId, 'no-such-member', 'DECLINE'), 'familyRequestNotFound', 404);
      expectRefused(await handle(adminA, familyA.familyId, memberBId, 'KICK'), 'familyMemberNotFound', 404);
      expectRefused(await handle(adminA, familyA.familyId, memberBId, 'GRANT_ADMIN'), 'familyMemberNotFound', 404);
      expectRefused(await handle(adminA, familyA.familyId, 'no-such-member', 'REMOVE_ADMIN'), 'familyMemberNotFound', 404);
      expectRefused(await handle(adminA, familyA.familyId, requestB, 'WITHDRAW'), 'familyRequestNotFound', 404);
      expectRefused(await adminA.post('/regen-family-code', { familyId: familyB.familyId }), 'familyNotMember', 403);
      expectRefused(await adminA.post('/leave-family', { familyId: familyB.familyId }), 'familyNotMember', 403);
      expectRefused(await adminA.del(`/dismiss-family?familyId=${familyB.familyId}`), 'familyNotMember', 403);
      expectRefused(await adminA.post('/update-info', { familyId: familyB.familyId, nickname: 'X', familyRole: 'OTHER', lang: 'en' }), 'familyNotMember', 403);
      expectRefused(await adminA.post('/invite', { familyId: familyB.familyId, email: 'x@example.test', lang: 'en' }), 'familyNotMember', 403);
      expectRefused(await adminA.post('/regen-family-code', { familyId: 'no-such-family' }), 'familyNotFound', 404);
      expect(await familySnapshot(server)).toEqual(before);
    });

    it('never lets the family grow past its capacity, also under parallel accepts', async () => {
      const admin = await person(server);
      const family = await createFamily(admin);
      const requesters = await crowd(server, FAMILY_CAPACITY + 2);
      const ids: string[] = [];
      for (const r of requesters) ids.push(await requestJoin(r, family, admin));
      const responses = await Promise.all(ids.map((id, i) => handle(admin, family.familyId, id, i % 2 ? 'ACCEPT' : 'ACCEPT_AND_GRANT_ADMIN')));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(FAMILY_CAPACITY - 1);
      for (const r of responses.filter((r) => r.status !== 200)) expectRefused(r, 'familyFull', 409);
      expect(expectData(await admin.get('/family?lang=en')).members).toHaveLength(FAMILY_CAPACITY);
      expect(expectData(await admin.get('/request?lang=en')).requests).toHaveLength(3);
    });
  });

  describe('admins and members', () => {
    it('grants and removes admin rights, refusing to promote an admin or demote a non-admin', async () => {
      const [admin, member] = await people(server, 2);
      const family = await createFamily(admin);
      const memberId = await addMember(admin, family, member);
      const adminId = expectData(await admin.get('/request?lang=en')).ownRequest.memberId;
      expectRefused(await handle(admin, family.familyId, memberId, 'REMOVE_ADMIN'), 'familyMemberNotAdmin', 409);
      expectRefused(await handle(admin, family.familyId, adminId, 'GRANT_ADMIN'), 'familyAlreadyAdmin', 409);
      expectData(await handle(admin, family.familyId, memberId, 'GRANT_ADMIN'));
      expectRefused(await handle(admin, family.familyId, memberId, 'GRANT_ADMIN'), 'familyAlreadyAdmin', 409);
      expectData(await handle(member, family.familyId, adminId, 'REMOVE_ADMIN'));
      const members = expectData(await member.get('/family?lang=en')).members;
      expect(members.map((m: { isAdmin: boolean }) => m.isAdmin)).toEqual([false, true]);
    });

    it('keeps at least one admin: the only admin cannot step down', async () => {
      const [admin, member] = await people(server, 2);
      const family = await createFamily(admin);
      await addMember(admin, family, member);
      const adminId = expectData(await admin.get('/request?lang=en')).ownRequest.memberId;
      expectRefused(await handle(admin, family.familyId, adminId, 'REMOVE_ADMIN'), 'familySingleAdmin', 409);
    });

    it('leaves one admin when two admins remove each other’s rights at once', async () => {
      for (let round = 0; round < 3; round++) {
        const [a, b] = await people(server, 2);
        const family = await createFamily(a);
        const bId = await addMember(a, family, b, 'Mum', true);
        const aId = expectData(await a.get('/request?lang=en')).ownRequest.memberId;
        const [ra, rb] = await Promise.all([handle(a, family.familyId, bId, 'REMOVE_ADMIN'), handle(b, family.familyId, aId, 'REMOVE_ADMIN')]);
        expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
        expectRefused(ra.status === 200 ? rb : ra, 'familyNoLongerAdmin', 409);
        const admins = expectData(await a.get('/family?lang=en')).members.filter((m: { isAdmin: boolean }) => m.isAdmin);
        expect(admins).toHaveLength(1);
      }
    });

    it('kicks a member, who sees the kicked notice until acknowledging it', async () => {
      const [admin, member] = await people(server, 2);
      const family = await createFamily(admin);
      const memberId = await addMember(admin, family, member);
      const adminId = expectData(await admin.get('/request?lang=en')).ownRequest.memberId;
      expectRefused(await handle(admin, family.familyId, adminId, 'KICK'), 'forbidden', 403);
      expectData(await handle(admin, family.familyId, memberId, 'KICK'));
      expectRefused(await handle(admin, family.familyId, memberId, 'KICK'), 'familyAlreadyProcessed', 409);
      expect(await page(member)).toBe('pending');
      expect(expectData(await member.get('/request?lang=en')).ownRequest).toEqual({ status: 'kicked', familyId: family.familyId, memberId, familyName: 'The Chans' });
      expectRefused(await member.get('/family?lang=en'), 'familyKicked', 409);
      expectRefused(await member.post('/update-info', { familyId: family.familyId, nickname: 'X', familyRole: 'CHILD', lang: 'en' }), 'familyKicked', 409);
      expectRefused(await member.post('/leave-family', { familyId: family.familyId }), 'familyKicked', 409);
      expectRefused(await handle(member, family.familyId, memberId, 'WITHDRAW'), 'familyCannotWithdrawProcessed', 409);
      expectData(await handle(member, family.familyId, memberId, 'ACKNOWLEDGE'));
      expect(await page(member)).toBe('home');
      expect(expectData(await admin.get('/family?lang=en')).members).toHaveLength(1);
    });

    it('lets any member change their own nickname and role, and only admins rename the family', async () => {
      const [admin, member] = await people(server, 2);
      const family = await createFamily(admin);
      const memberId = await addMember(admin, family, member);
      expectData(await member.post('/update-info', { familyId: family.familyId, nickname: '  Little Ming ', familyRole: 'SIBLING', lang: 'en' }));
      expectRefused(await member.post('/update-info', { familyId: family.familyId, nickname: 'Ming', familyRole: 'SIBLING', lang: 'en', familyName: 'Mine now' }), 'familyNotAdmin', 403);
      expectData(await admin.post('/update-info', { familyId: family.familyId, nickname: 'Papa', familyRole: 'FATHER', lang: 'en', familyName: 'The Wongs' }));
      const seen = expectData(await member.get('/family?lang=en'));
      expect(seen.familyName).toBe('The Wongs');
      expect(seen.members.find((m: { memberId: string }) => m.memberId === memberId)).toMatchObject({ nickname: 'Little Ming', familyRole: 'SIBLING' });
      expect(seen.members.find((m: { isAdmin: boolean }) => m.isAdmin)).toMatchObject({ nickname: 'Papa', familyRole: 'FATHER' });
      const indecent = await admin.post('/update-info', { familyId: family.familyId, nickname: 'Papa', familyRole: 'FATHER', lang: 'en', familyName: '操你妈' });
      expectRefused(indecent, 'indecentLanguage', 400);
      expect(indecent.body.error.fields).toEqual([{ field: 'familyName', rule: 'indecent' }]);
    });
  });

  describe('the code, the join link and invitations', () => {
    it('regenerates the code with new dates; the old code no longer joins', async () => {
      const [admin, requester] = await people(server, 2);
      const family = await createFamily(admin);
      await later(server, FAMILY_CODE_VALIDITY_DAYS * DAY + HOUR, admin, requester);
      expectRefused(await admin.post('/invite', { familyId: family.familyId, email: 'friend@example.test', lang: 'en' }), 'familyCodeExpired', 410);
      expect(await emailsTo(server, 'friend@example.test')).toEqual([]);
      const fresh = expectData(await admin.post('/regen-family-code', { familyId: family.familyId }));
      expect(fresh.codeCreatedAt).toBe(server.clock.now().toISOString());
      expect(Date.parse(fresh.codeExpiresAt) - Date.parse(fresh.codeCreatedAt)).toBe(FAMILY_CODE_VALIDITY_DAYS * DAY);
      expect(expectData(await admin.get('/family?lang=en'))).toMatchObject(fresh);
      if (fresh.code !== family.code) expectRefused(await requester.post('/join', joinBody(family, admin.email)), 'familyCodeMismatch');
      expect(expectData(await requester.post('/join', joinBody({ familyRef: family.familyRef, code: fresh.code }, admin.email)))).toEqual({ status: 'pending' });
    });

    it('emails an invitation with the join link in the chosen language', async () => {
      const admin = await person(server);
      const family = await createFamily(admin, { familyName: '陳家', nickname: '爸爸' });
      expectData(await admin.post('/invite', { familyId: family.familyId, email: 'Cousin@Example.test', lang: 'zh_hant' }));
      const [mail] = await emailsTo(server, 'cousin@example.test');
      expect(mail?.subject).toContain('陳家');
      expect(mail?.text).toContain(family.familyRef);
      const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '');
      expect(`${link.origin}${link.pathname}`).toBe(`${server.config.publicUrl}/zh_hant/profile/family`);
      expect(Object.fromEntries(link.searchParams)).toEqual({ join: '1', familyRef: family.familyRef, code: family.code, adminEmail: admin.email });
    });

    it('limits one admin to FAMILY_INVITES_PER_DAY invitations in 24 hours, even sent in parallel', async () => {
      const admin = await person(server);
      const family = await createFamily(admin);
      const send = (n: number) => admin.post('/invite', { familyId: family.familyId, email: `friend${n}@example.test`, lang: 'en' });
      const answers = await Promise.all(Array.from({ length: FAMILY_INVITES_PER_DAY + 5 }, (_, n) => send(n)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(FAMILY_INVITES_PER_DAY);
      for (const answer of answers.filter((a) => a.status !== 200)) expectRefused(answer, 'familyInviteLimit', 429);
      const sent = await server.db.selectFrom('outbox').select('recipient').where('recipient', 'like', 'friend%@example.test').execute();
      expect(sent).toHaveLength(FAMILY_INVITES_PER_DAY);
      // Another admin's allowance is their own.
      const other = await person(server);
      const otherFamily = await createFamily(other);
      expectData(await other.post('/invite', { familyId: otherFamily.familyId, email: 'someone@example.test', lang: 'en' }));
    });

    it('refuses an invitation into a full family', async () => {
      const admin = await person(server);
      const family = await createFamily(admin);
      for (const newcomer of await crowd(server, FAMILY_CAPACITY - 1)) await addMember(admin, family, newcomer);
      expectRefused(await admin.post('/invite', { familyId: family.familyId, email: 'late@example.test', lang: 'en' }), 'familyFull', 409);
    });
  });

  describe('leaving and dismissing', () => {
    it('refuses to let the only admin leave while others remain; with another admin they may', async () => {
      const [admin, member] = await people(server, 2);
      const family = await createFamily(admin);
      const memberId = await addMember(admin, family, member);
      expectRefused(await admin.post('/leave-family', { familyId: family.familyId }), 'familySingleAdmin', 409);
      expectData(await handle(admin, family.familyId, memberId, 'GRANT_ADMIN'));
      expectData(await admin.post('/leave-family', { familyId: family.familyId }));
      expect(await page(admin)).toBe('home');
      expectRefused(await admin.post('/leave-family', { familyId: family.familyId }), 'familyLeft', 409);
      expectRefused(await admin.post('/regen-family-code', { familyId: family.familyId }), 'familyLeft', 409);
      const seen = expectData(await member.get('/family?lang=en'));
      expect(seen.members).toEqual([expect.objectContaining({ memberId, isAdmin: true, isCurrentUser: true })]);
    });

    it('keeps an admin when both admins of a family with members leave at once', async () => {
      const [a, b, member] = await people(server, 3);
      const family = await createFamily(a);
      await addMember(a, family, b, 'Mum', true);
      await addMember(a, family, member);
      const [ra, rb] = await Promise.all([a.post('/leave-family', { familyId: family.familyId }), b.post('/leave-family', { familyId: family.familyId })]);
      expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
      expectRefused(ra.status === 200 ? rb : ra, 'familySingleAdmin', 409);
      const members = expectData(await member.get('/family?lang=en')).members;
      expect(members).toHaveLength(2);
      expect(members.filter((m: { isAdmin: boolean }) => m.isAdmin)).toHaveLength(1);
    });

    it('lets an ordinary member leave', async () => {
      const [admin, member] = await people(server, 2);
      const family = await createFamily(admin);
      await addMember(admin, family, member);
      expectData(await member.post('/leave-family', { familyId: family.familyId }));
      expect(await page(member)).toBe('home');
      expect(expectData(await admin.get('/family?lang=en')).members).toHaveLength(1);
    });

    it('ends the family when its last member leaves; a pending requester sees it dismissed', async () => {
      const [admin, requester, later] = await people(server, 3);
      const family = await createFamily(admin);
      const requestId = await requestJoin(requester, family, admin);
      expectData(await admin.post('/leave-family', { familyId: family.familyId }));
      expect(await page(admin)).toBe('home');
      expect(expectData(await requester.get('/request?lang=en')).ownRequest).toEqual({ status: 'dismissed', familyId: family.familyId, memberId: requestId, familyName: 'The Chans' });
      expectRefused(await handle(requester, family.familyId, requestId, 'WITHDRAW'), 'familyDismissed', 409);
      expectData(await handle(requester, family.familyId, requestId, 'ACKNOWLEDGE'));
      expect(await page(requester)).toBe('home');
      expectRefused(await later.post('/join', joinBody(family, admin.email)), 'familyNotFound', 404);
    });

    it('refuses to dismiss while another admin exists', async () => {
      const [admin, second] = await people(server, 2);
      const family = await createFamily(admin);
      await addMember(admin, family, second, 'Mum', true);
      expectRefused(await admin.del(`/dismiss-family?familyId=${family.familyId}`), 'familyMultipleAdmin', 409);
      expect(await page(second)).toBe('details');
    });

    it('dismisses the family: members see the notice until they leave or acknowledge it', async () => {
      const [admin, memberA, memberB, requester] = await people(server, 4);
      const family = await createFamily(admin);
      const a = await addMember(admin, family, memberA);
      const b = await addMember(admin, family, memberB);
      const r = await requestJoin(requester, family, admin);
      expect(expectData(await admin.del(`/dismiss-family?familyId=${family.familyId}`))).toEqual({});
      expect(await page(admin)).toBe('home');
      for (const [p, id] of [[memberA, a], [memberB, b], [requester, r]] as [Person, string][]) {
        expect(await page(p)).toBe('pending');
        expect(expectData(await p.get('/request?lang=en')).ownRequest).toEqual({ status: 'dismissed', familyId: family.familyId, memberId: id, familyName: 'The Chans' });
      }
      expectRefused(await memberA.get('/family?lang=en'), 'familyDismissed', 409);
      expectRefused(await memberA.post('/update-info', { familyId: family.familyId, nickname: 'X', familyRole: 'CHILD', lang: 'en' }), 'familyDismissed', 409);
      expectRefused(await admin.del(`/dismiss-family?familyId=${family.familyId}`), 'familyDismissed', 409);
      expectData(await memberA.post('/leave-family', { familyId: family.familyId }));
      expectData(await handle(memberB, family.familyId, b, 'ACKNOWLEDGE'));
      expectData(await handle(requester, family.familyId, r, 'ACKNOWLEDGE'));
      for (const p of [memberA, memberB, requester]) expect(await page(p)).toBe('home');
      await createFamily(memberA);
    });
  });
});
