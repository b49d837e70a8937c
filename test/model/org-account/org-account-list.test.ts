import { describe, expect, it } from 'vitest';
import { orgAccountListModel as model, SAMPLE_PAGE, SAMPLE_READ_ONLY_PAGE, SAMPLE_RECORDS } from '../../../machines/org-account/org-account-list.model.ts';
import { apiError, change, done, fail, networkError } from '../../../machines/model-kit.ts';
import { play } from '../../support/graph.ts';
import { describeModelPaths, expectInvalid } from '../../support/model-suite.ts';

const loaded = done('listOrgAccounts', SAMPLE_PAGE);
const first = SAMPLE_RECORDS[0]!;

describeModelPaths('orgAccountList', model);

describe('orgAccountList', () => {
  it('opens in the read-only mode for an account that may only read, where nothing can be changed', () => {
    const snapshot = play(model, done('listOrgAccounts', SAMPLE_READ_ONLY_PAGE));
    expect(snapshot.matches('readOnly')).toBe(true);
    expect(snapshot.can({ type: 'record.edit', id: first.id })).toBe(false);
    expect(snapshot.can({ type: 'record.delete', id: first.id })).toBe(false);
    expect(snapshot.can({ type: 'search.submit' })).toBe(true);
  });

  it('searches from the first page with what was typed, and keeps filter and order', () => {
    const snapshot = play(model, loaded, { type: 'group.change', value: 'PRE_SERVICE' }, done('listOrgAccounts', SAMPLE_PAGE), { type: 'page.next' }, done('listOrgAccounts', { ...SAMPLE_PAGE, page: 2 }), { type: 'search.change', value: ' chan ' }, { type: 'search.submit' });
    expect(snapshot.matches('loading')).toBe(true);
    expect(snapshot.context.query).toEqual({ q: 'chan', group: 'PRE_SERVICE', page: 1, sort: 'updatedDesc' });
  });

  it('pages only within the list', () => {
    expect(play(model, loaded).can({ type: 'page.previous' })).toBe(false);
    expect(play(model, loaded).can({ type: 'page.next' })).toBe(true);
    const last = play(model, loaded, { type: 'page.next' }, done('listOrgAccounts', { ...SAMPLE_PAGE, page: 2 }));
    expect(last.can({ type: 'page.next' })).toBe(false);
  });

  it('checks the edited record on the client, every field at once, before saving', () => {
    const snapshot = play(model, loaded, { type: 'record.edit', id: first.id }, change('emailAddress', 'nope'), change('remark', 'r'.repeat(101)), { type: 'form.submit' });
    expectInvalid(snapshot, [
      { field: 'emailAddress', rule: 'format' },
      { field: 'remark', rule: 'maxLength' },
    ]);
  });

  it("shows the server's duplicated and improper answers at their fields", () => {
    const snapshot = play(model, loaded, { type: 'record.edit', id: first.id }, { type: 'form.submit' }, fail('updateOrgAccount', apiError('invalidPayload', { fields: [{ field: 'emailAddress', rule: 'improper' }] })));
    expectInvalid(snapshot, [{ field: 'emailAddress', rule: 'improper' }]);
  });

  it('puts the saved record in place, and drops a record deleted meanwhile', () => {
    const saved = play(model, loaded, { type: 'record.edit', id: first.id }, { type: 'form.submit' }, done('updateOrgAccount', { record: { ...first, remark: 'new' } }));
    expect(saved.matches({ writable: 'saved' })).toBe(true);
    expect(saved.context.records[0]!.remark).toBe('new');
    const gone = play(model, loaded, { type: 'record.delete', id: first.id }, { type: 'dialog.confirm' }, fail('removeOrgAccount', apiError('orgAccountNotFound')));
    expect(gone.matches({ writable: 'gone' })).toBe(true);
    expect(gone.context.records.map((r: { id: string }) => r.id)).not.toContain(first.id);
  });

  it('asks before deleting, and a cancelled deletion keeps the record', () => {
    const cancelled = play(model, loaded, { type: 'record.delete', id: first.id }, { type: 'dialog.cancel' });
    expect(cancelled.matches({ writable: 'idle' })).toBe(true);
    expect(cancelled.context.records).toHaveLength(2);
    const deleted = play(model, loaded, { type: 'record.delete', id: first.id }, { type: 'dialog.confirm' }, done('removeOrgAccount', undefined));
    expect(deleted.matches({ writable: 'deleted' })).toBe(true);
    expect(deleted.context).toMatchObject({ total: 21, changed: first.emailAddress });
  });

  it('ends for an account without read permission, and reads again after a failed load', () => {
    expect(play(model, fail('listOrgAccounts', apiError('orgAccountNoAccess'))).status).toBe('done');
    expect(play(model, fail('listOrgAccounts', networkError()), { type: 'retry' }).matches('loading')).toBe(true);
  });
});
