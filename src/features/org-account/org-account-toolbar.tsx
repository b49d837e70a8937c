import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ORG_GROUPS, ORG_SORTS } from '../../../contract/schemas/org-account.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { TextInput } from '../../ui/text-input.tsx';
import type { OrgAccountDownloads } from './org-account-downloads.ts';
import type { ListActor } from './org-account-list-state.ts';
import { orgAccountMessages as m } from './org-account-messages.ts';
import { GROUP_NAMES, SORT_NAMES } from './org-account-words.ts';
import styles from './org-account.module.css';
import { OrgSelect } from './org-select.tsx';

/** Search, group, order and the export of what they select. */
export function Toolbar({ actor, downloads }: { actor: ListActor; downloads: OrgAccountDownloads }) {
  const intl = useIntl();
  const lang = useLanguage();
  const searchText = useSelector(actor, (snapshot) => snapshot.context.searchText);
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'search.submit' });
  };
  return (
    <form className={cx(styles.toolbar)} role="search" onSubmit={submit}>
      <TextInput id="org-search" label={intl.formatMessage(m.searchLabel)} value={searchText} onValueChange={(value) => actor.send({ type: 'search.change', value })} width={20} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {intl.formatMessage(m.searchSubmit)}
      </Button>
      <OrgSelect
        id="org-group"
        label={intl.formatMessage(m.groupLabel)}
        value={query.group}
        disabled={busy}
        options={ORG_GROUPS.map((group) => ({ value: group, label: intl.formatMessage(GROUP_NAMES[group]) }))}
        onChange={(value) => actor.send({ type: 'group.change', value })}
      />
      <OrgSelect
        id="org-sort"
        label={intl.formatMessage(m.sortLabel)}
        value={query.sort}
        disabled={busy}
        options={ORG_SORTS.map((sort) => ({ value: sort, label: intl.formatMessage(SORT_NAMES[sort]) }))}
        onChange={(value) => actor.send({ type: 'sort.change', value })}
      />
      <p>
        <a href={downloads.exportHref(query, lang)} download>
          {intl.formatMessage(m.export)}
        </a>
      </p>
    </form>
  );
}
