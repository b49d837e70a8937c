import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { FamilyJoinLink } from '../../../contract/schemas/family.ts';
import { codeStatus, requestsPageOf } from '../../../machines/family/family-details.machine.ts';
import {
  adminFamily,
  familyDetailsModel as model,
  FIRST_REQUEST,
  fullFamily,
  LOGIN_EMAIL,
  MAMA,
  ME,
  memberFamily,
  SAMPLE_VALID_CODE,
  sampleMember,
  sampleRequests,
  UNKNOWN_MEMBER,
} from '../../../machines/family/family-details.model.ts';
import { SAMPLE_NOW } from '../../../machines/family/family-join.model.ts';
import { apiError, done, fail, networkError } from '../../../machines/model-kit.ts';
import { invokedInput, play } from '../../support/graph.ts';
import { describeModelPaths } from '../../support/model-suite.ts';

const confirm = { type: 'dialog.confirm' } as const;
const cancel = { type: 'dialog.cancel' } as const;
const dismissError = { type: 'error.dismiss' } as const;
const asAdmin = [done('fetchFamily', adminFamily()), done('fetchRequests', sampleRequests())] as const;
const asFullAdmin = [done('fetchFamily', fullFamily()), done('fetchRequests', sampleRequests())] as const;
const asMember = [done('fetchFamily', memberFamily())] as const;
const on = (type: string, memberId: string): AnyEventObject => ({ type, memberId });
const withLink = (unusedLink: Partial<FamilyJoinLink>) => ({ ...model, input: { ...model.input, unusedLink } });

describeModelPaths('familyDetails', model);

describe('familyDetails', () => {
  describe('loading', () => {
    it('reads the family, then the requests for an admin', () => {
      expect(invokedInput(model, [], 'fetchFamily')).toEqual({ lang: 'en' });
      expect(play(model, done('fetchFamily', adminFamily())).matches({ loading: 'requests' })).toBe(true);
      const snapshot = play(model, ...asAdmin);
      expect(snapshot.matches({ ready: { open: 'idle' } })).toBe(true);
      expect(snapshot.hasTag('ready')).toBe(true);
      expect(snapshot.context.family).toEqual(adminFamily());
      expect(snapshot.context.requests).toHaveLength(7);
    });

    it('does not ask for requests when the user is not an admin', () => {
      const snapshot = play(model, ...asMember);
      expect(snapshot.matches({ ready: { open: 'idle' } })).toBe(true);
      expect(snapshot.context.requests).toEqual([]);
    });

    it.each(['familyDismissed', 'familyKicked', 'familyNotMember', 'familyLeft'] as const)('ends as removed when the first read answers %s', (code) => {
      const snapshot = play(model, fail('fetchFamily', apiError(code)));
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ ending: 'removed' });
    });

    it('offers a retry when the family could not be read', () => {
      expect(play(model, fail('fetchFamily', networkError())).matches('loadFailed')).toBe(true);
      expect(play(model, fail('fetchFamily', networkError()), { type: 'retry' }).matches({ loading: 'family' })).toBe(true);
    });
  });

  describe('requests paging', () => {
    it('shows five requests a page, with next and previous', () => {
      const first = play(model, ...asAdmin);
      expect(requestsPageOf(first.context)).toMatchObject({ page: 0, pageCount: 2 });
      expect(requestsPageOf(first.context).rows.map((row) => row.memberId)).toEqual(['m-request-1', 'm-request-2', 'm-request-3', 'm-request-4', 'm-request-5']);
      const second = play(model, ...asAdmin, { type: 'requests.next' });
      expect(requestsPageOf(second.context).rows.map((row) => row.memberId)).toEqual(['m-request-6', 'm-request-7']);
      expect(play(model, ...asAdmin, { type: 'requests.next' }, { type: 'requests.previous' }).context.requestsPage).toBe(0);
    });

    it('has no page before the first or after the last', () => {
      expect(play(model, ...asAdmin).can({ type: 'requests.previous' })).toBe(false);
      expect(play(model, ...asAdmin, { type: 'requests.next' }).can({ type: 'requests.next' })).toBe(false);
    });

    it('stays on the last page that still exists after the list got shorter', () => {
      const events = [...asAdmin, { type: 'requests.next' }, { type: 'family.refresh' }, done('fetchFamily', adminFamily()), done('fetchRequests', sampleRequests(4))];
      expect(play(model, ...events).context.requestsPage).toBe(0);
    });
  });

  describe('member actions', () => {
    it.each([
      ['member.accept', FIRST_REQUEST, 'accept', 'ACCEPT'],
      ['member.decline', FIRST_REQUEST, 'decline', 'DECLINE'],
      ['member.acceptAndGrantAdmin', FIRST_REQUEST, 'acceptAndGrantAdmin', 'ACCEPT_AND_GRANT_ADMIN'],
      ['member.kick', MAMA, 'kick', 'KICK'],
      ['member.grantAdmin', MAMA, 'grantAdmin', 'GRANT_ADMIN'],
    ] as const)('%s asks for confirmation, then sends %s', (type, memberId, dialog, action) => {
      expect(play(model, ...asAdmin, on(type, memberId)).matches({ ready: { confirming: dialog } })).toBe(true);
      expect(play(model, ...asAdmin, on(type, memberId), cancel).matches({ ready: { open: 'idle' } })).toBe(true);
      expect(invokedInput(model, [...asAdmin, on(type, memberId), confirm], 'handleRequest')).toEqual({ familyId: 'f-chan', memberId, actions: action, lang: 'en' });
    });

    it('removing an admin is sent as REMOVE_ADMIN when another admin remains', () => {
      expect(invokedInput(model, [...asFullAdmin, on('member.removeAdmin', ME), confirm], 'handleRequest')).toMatchObject({ memberId: ME, actions: 'REMOVE_ADMIN' });
    });

    it('reads the family and requests again once an action is done', () => {
      const refreshing = play(model, ...asAdmin, on('member.accept', FIRST_REQUEST), confirm, done('handleRequest', undefined));
      expect(refreshing.matches({ ready: { refreshing: 'family' } })).toBe(true);
      expect(refreshing.hasTag('busy')).toBe(true);
      expect(refreshing.context.family).toEqual(adminFamily());
      const accepted = adminFamily({ members: [...adminFamily().members, sampleMember(FIRST_REQUEST, 'Cousin 1', 'RELATIVE')] });
      const snapshot = play(
        model,
        ...asAdmin,
        on('member.accept', FIRST_REQUEST),
        confirm,
        done('handleRequest', undefined),
        done('fetchFamily', accepted),
        done('fetchRequests', sampleRequests(6)),
      );
      expect(snapshot.matches({ ready: { open: 'idle' } })).toBe(true);
      expect(snapshot.context.family?.members).toHaveLength(3);
    });

    it('refuses to accept into a full family', () => {
      expect(play(model, ...asFullAdmin, on('member.accept', FIRST_REQUEST)).matches({ ready: 'full' })).toBe(true);
      expect(play(model, ...asFullAdmin, on('member.acceptAndGrantAdmin', FIRST_REQUEST)).matches({ ready: 'full' })).toBe(true);
    });

    it('refuses to promote an admin', () => {
      expect(play(model, ...asFullAdmin, on('member.grantAdmin', MAMA)).matches({ ready: 'alreadyAdmin' })).toBe(true);
    });

    it('refuses to demote the last admin', () => {
      expect(play(model, ...asAdmin, on('member.removeAdmin', ME)).matches({ ready: 'singleAdmin' })).toBe(true);
    });

    it('knows a request or member that is not in the lists', () => {
      expect(play(model, ...asAdmin, on('member.accept', UNKNOWN_MEMBER)).matches({ ready: 'requestNotFound' })).toBe(true);
      expect(play(model, ...asAdmin, on('member.kick', UNKNOWN_MEMBER)).matches({ ready: 'memberNotFound' })).toBe(true);
    });

    it.each(['member.accept', 'member.decline', 'member.kick', 'member.grantAdmin', 'member.removeAdmin'])('refuses %s to a member who is not an admin', (type) => {
      expect(play(model, ...asMember, on(type, MAMA)).matches({ ready: 'notAdmin' })).toBe(true);
    });

    it.each([
      ['familyNotAdmin', 'notAdmin'],
      ['familyNoLongerAdmin', 'noLongerAdmin'],
      ['familySingleAdmin', 'singleAdmin'],
      ['familyAlreadyAdmin', 'alreadyAdmin'],
      ['familyAlreadyProcessed', 'alreadyProcessed'],
      ['familyMemberNotFound', 'memberNotFound'],
      ['familyRequestNotFound', 'requestNotFound'],
      ['familyFull', 'full'],
    ] as const)('a refusal with %s shows ready.%s, and dismissing it reads the family again', (code, state) => {
      const refused = [...asAdmin, on('member.accept', FIRST_REQUEST), confirm, fail('handleRequest', apiError(code))];
      const snapshot = play(model, ...refused);
      expect(snapshot.matches({ ready: state })).toBe(true);
      expect(snapshot.hasTag('error')).toBe(true);
      expect(play(model, ...refused, dismissError).matches({ ready: 'refreshing' })).toBe(true);
    });

    it.each([
      ['familyKicked', 'kicked'],
      ['familyNotMember', 'notMember'],
      ['familyLeft', 'alreadyLeft'],
    ] as const)('a refusal with %s shows ready.%s, and dismissing it ends the machine', (code, state) => {
      const refused = [...asAdmin, on('member.kick', MAMA), confirm, fail('handleRequest', apiError(code))];
      expect(play(model, ...refused).matches({ ready: state })).toBe(true);
      expect(play(model, ...refused, dismissError).output).toEqual({ ending: 'removed' });
    });

    it('keeps the code of any other failure, and dismissing it shows the family again', () => {
      const refused = [...asAdmin, on('member.kick', MAMA), confirm, fail('handleRequest', networkError())];
      expect(play(model, ...refused).context.errorCode).toBe('network');
      expect(play(model, ...refused, dismissError).matches({ ready: { open: 'idle' } })).toBe(true);
    });
  });

  describe('the family code and join link', () => {
    it('tells a valid code from an expired one by the clock', () => {
      expect(codeStatus(play(model, ...asAdmin).context)).toBe('valid');
      expect(codeStatus(play(model, ...asFullAdmin).context)).toBe('expired');
      expect(codeStatus(play(model, ...asMember).context)).toBeNull();
      expect(codeStatus({ family: adminFamily(), now: () => Date.parse(SAMPLE_VALID_CODE.codeExpiresAt) })).toBe('expired');
      expect(codeStatus({ family: adminFamily(), now: () => SAMPLE_NOW })).toBe('valid');
    });

    it('an expired code must be regenerated before inviting', () => {
      const invite = { type: 'invite.send', email: 'cousin@demo.test' } as const;
      const refused = play(model, ...asFullAdmin, invite);
      expect(refused.matches({ ready: 'codeExpired' })).toBe(true);
      expect(refused.children.inviteByEmail).toBeUndefined();
      const regenerate = [...asFullAdmin, invite, { type: 'code.regenerate' } as const];
      expect(play(model, ...regenerate).matches({ ready: { confirming: 'regenerateCode' } })).toBe(true);
      expect(invokedInput(model, [...regenerate, confirm], 'regenerateCode')).toEqual({ familyId: 'f-wong' });
      const renewed = [...regenerate, confirm, done('regenerateCode', undefined), done('fetchFamily', fullFamily(SAMPLE_VALID_CODE)), done('fetchRequests', sampleRequests())];
      expect(play(model, ...renewed, invite).matches({ ready: { confirming: 'invite' } })).toBe(true);
      expect(invokedInput(model, [...renewed, invite, confirm], 'inviteByEmail')).toEqual({ familyId: 'f-wong', email: 'cousin@demo.test', lang: 'en' });
      expect(play(model, ...renewed, invite, confirm, done('inviteByEmail', undefined)).matches({ ready: { open: 'invited' } })).toBe(true);
    });

    it('an expired code must be regenerated before copying or sharing the link', () => {
      expect(play(model, ...asFullAdmin, { type: 'link.copy' }).matches({ ready: 'codeExpired' })).toBe(true);
      expect(play(model, ...asFullAdmin, { type: 'invite.whatsapp' }).matches({ ready: 'codeExpired' })).toBe(true);
      expect(play(model, ...asFullAdmin, { type: 'link.copy' }, dismissError).matches({ ready: { open: 'idle' } })).toBe(true);
    });

    it('the server can also answer that the code expired', () => {
      const events = [...asAdmin, { type: 'invite.send', email: 'cousin@demo.test' } as const, confirm, fail('inviteByEmail', apiError('familyCodeExpired'))];
      expect(play(model, ...events).matches({ ready: 'codeExpired' })).toBe(true);
    });

    it('copies a join link naming the admin email, reference and code', () => {
      const expected = { link: { adminEmail: LOGIN_EMAIL, familyRef: 'F7K2Q9', code: '482913' }, familyName: 'The Chans', lang: 'en' };
      expect(invokedInput(model, [...asAdmin, { type: 'link.copy' }, confirm], 'copyLink')).toEqual(expected);
      expect(invokedInput(model, [...asAdmin, { type: 'invite.whatsapp' }, confirm], 'shareWhatsApp')).toEqual(expected);
      expect(play(model, ...asAdmin, { type: 'link.copy' }, confirm, done('copyLink', undefined)).matches({ ready: { open: 'copied' } })).toBe(true);
      expect(play(model, ...asAdmin, { type: 'invite.whatsapp' }, confirm, done('shareWhatsApp', undefined)).matches({ ready: { open: 'shared' } })).toBe(true);
    });

    it('refuses an invitation to a malformed address before asking', () => {
      const snapshot = play(model, ...asAdmin, { type: 'invite.send', email: 'not-an-email' });
      expect(snapshot.matches({ ready: { open: 'invalid' } })).toBe(true);
      expect(snapshot.context.fieldErrors).toEqual([{ field: 'email', rule: 'format' }]);
    });

    it('a member who is not an admin cannot share the link, invite or regenerate', () => {
      for (const event of [{ type: 'link.copy' }, { type: 'invite.whatsapp' }, { type: 'invite.send', email: 'cousin@demo.test' }, { type: 'code.regenerate' }]) {
        expect(play(model, ...asMember, event).matches({ ready: 'notAdmin' })).toBe(true);
      }
    });
  });

  describe('names', () => {
    it('renames the family after confirmation, keeping the own nickname and role', () => {
      const events = [...asAdmin, { type: 'family.rename', familyName: '  The Chan Family ' } as const, confirm];
      expect(invokedInput(model, events, 'updateInfo')).toEqual({
        familyId: 'f-chan',
        nickname: 'Papa Chan',
        familyRole: 'FATHER',
        lang: 'en',
        familyName: 'The Chan Family',
      });
    });

    it('refuses an empty family name, and a rename by a member who is not an admin', () => {
      const snapshot = play(model, ...asAdmin, { type: 'family.rename', familyName: '' });
      expect(snapshot.context.fieldErrors).toEqual([{ field: 'familyName', rule: 'required' }]);
      expect(play(model, ...asMember, { type: 'family.rename', familyName: 'Ours' }).matches({ ready: 'notAdmin' })).toBe(true);
    });

    it('asks nothing and sends nothing for a rename or an own update that changes nothing (issue 13)', () => {
      const sameName = play(model, ...asAdmin, { type: 'family.rename', familyName: ' The Chans ' });
      expect(sameName.matches({ ready: { open: 'unchanged' } })).toBe(true);
      expect(sameName.context.pending).toEqual({ kind: 'rename', familyName: 'The Chans' });
      const sameSelf = play(model, ...asAdmin, { type: 'self.update', nickname: 'Papa Chan', familyRole: 'FATHER' });
      expect(sameSelf.matches({ ready: { open: 'unchanged' } })).toBe(true);
      // A real change still asks first.
      expect(play(model, ...asAdmin, { type: 'self.update', nickname: 'Papa Chan', familyRole: 'GUARDIAN' }).matches({ ready: { confirming: 'updateSelf' } })).toBe(true);
    });

    it('keeps a join link it could not use, for the page to say so (issue 13)', () => {
      const link = { adminEmail: 'someone@demo.test', familyRef: 'ZZ9ZZ9', code: '123456' };
      expect(play(withLink(link), ...asAdmin).context.unusedLink).toEqual(link);
    });

    it('any member edits their own nickname and role', () => {
      const events = [...asMember, { type: 'self.update', nickname: 'Daddy', familyRole: 'FATHER' } as const, confirm];
      expect(invokedInput(model, events, 'updateInfo')).toEqual({ familyId: 'f-lee', nickname: 'Daddy', familyRole: 'FATHER', lang: 'en' });
      expect(play(model, ...events, done('updateInfo', undefined)).matches({ ready: 'refreshing' })).toBe(true);
    });

    it('refuses a nickname over 100 characters or a missing role', () => {
      const snapshot = play(model, ...asMember, { type: 'self.update', nickname: 'x'.repeat(101), familyRole: '' });
      expect(snapshot.matches({ ready: { open: 'invalid' } })).toBe(true);
      expect(snapshot.context.fieldErrors).toEqual([
        { field: 'nickname', rule: 'maxLength' },
        { field: 'familyRole', rule: 'required' },
      ]);
    });

    it('marks the changed field when the server refuses indecent words without naming it', () => {
      const rename = [...asAdmin, { type: 'family.rename', familyName: 'Rude' } as const, confirm, fail('updateInfo', apiError('indecentLanguage'))];
      expect(play(model, ...rename).context.fieldErrors).toEqual([{ field: 'familyName', rule: 'indecent' }]);
      const self = [...asMember, { type: 'self.update', nickname: 'Rude', familyRole: 'FATHER' } as const, confirm, fail('updateInfo', apiError('indecentLanguage'))];
      expect(play(model, ...self).matches({ ready: { open: 'invalid' } })).toBe(true);
      expect(play(model, ...self).context.fieldErrors).toEqual([{ field: 'nickname', rule: 'indecent' }]);
    });
  });

  describe('leaving and dismissing', () => {
    it('the only admin cannot leave while members remain', () => {
      const snapshot = play(model, ...asAdmin, { type: 'family.leave' });
      expect(snapshot.matches({ ready: 'singleAdmin' })).toBe(true);
      expect(snapshot.children.leaveFamily).toBeUndefined();
    });

    it('the only admin may leave a family with no other member', () => {
      const alone = adminFamily({ members: [sampleMember(ME, 'Papa Chan', 'FATHER', { isAdmin: true })] });
      expect(play(model, done('fetchFamily', alone), done('fetchRequests', sampleRequests(0)), { type: 'family.leave' }).matches({ ready: { confirming: 'leave' } })).toBe(true);
    });

    it('an admin leaves when another admin remains, and the machine ends as left', () => {
      const events = [...asFullAdmin, { type: 'family.leave' } as const, confirm];
      expect(invokedInput(model, events, 'leaveFamily')).toEqual({ familyId: 'f-wong' });
      const snapshot = play(model, ...events, done('leaveFamily', undefined));
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ ending: 'left' });
    });

    it('the server may still refuse the leave of the only admin', () => {
      const events = [...asMember, { type: 'family.leave' } as const, confirm, fail('leaveFamily', apiError('familySingleAdmin'))];
      expect(play(model, ...events).matches({ ready: 'singleAdmin' })).toBe(true);
    });

    it('refuses to dismiss while another admin exists', () => {
      expect(play(model, ...asFullAdmin, { type: 'family.dismiss' }).matches({ ready: 'multipleAdmin' })).toBe(true);
    });

    it('the only admin dismisses the family after confirmation, and the machine ends as dismissed', () => {
      const events = [...asAdmin, { type: 'family.dismiss' } as const, confirm];
      expect(invokedInput(model, events, 'dismissFamily')).toEqual({ familyId: 'f-chan' });
      expect(play(model, ...events, done('dismissFamily', undefined)).output).toEqual({ ending: 'dismissed' });
    });

    it('a member of a family dismissed meanwhile sees the notice and must leave', () => {
      const dismissed = [...asMember, { type: 'family.refresh' } as const, fail('fetchFamily', apiError('familyDismissed'))];
      const notice = play(model, ...dismissed);
      expect(notice.matches({ dismissedNotice: 'notice' })).toBe(true);
      expect(notice.can({ type: 'error.dismiss' })).toBe(false);
      expect(play(model, ...dismissed, { type: 'family.leave' }, cancel).matches({ dismissedNotice: 'notice' })).toBe(true);
      const leaving = [...dismissed, { type: 'family.leave' } as const, confirm];
      expect(invokedInput(model, leaving, 'leaveFamily')).toEqual({ familyId: 'f-lee' });
      expect(play(model, ...leaving, fail('leaveFamily', networkError())).matches({ dismissedNotice: 'failed' })).toBe(true);
      expect(play(model, ...leaving, done('leaveFamily', undefined)).output).toEqual({ ending: 'left' });
    });

    it('an action answered with familyDismissed shows the notice too', () => {
      const events = [...asMember, { type: 'self.update', nickname: 'Daddy', familyRole: 'FATHER' } as const, confirm, fail('updateInfo', apiError('familyDismissed'))];
      expect(play(model, ...events).matches({ dismissedNotice: 'notice' })).toBe(true);
    });
  });
});
