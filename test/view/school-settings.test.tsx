import { describe, it } from 'vitest';
import { change, done, fail } from '../../machines/model-kit.ts';
import { SAMPLE_DOMAIN_PUBLIC, SAMPLE_DOMAIN_TAKEN, SAMPLE_SETTINGS } from '../../machines/org-account/school-settings.model.ts';
import { SchoolSettingsView } from '../../src/features/org-account/school-settings-view.tsx';
import { pathFromEvents } from '../support/graph.ts';
import { schoolSettingsView } from './models/school-settings.view.ts';
import { runViewPath, viewPathTests } from './support/view-paths.tsx';
import type { Evidence, ViewModel } from './support/view-model.ts';

viewPathTests(schoolSettingsView, SchoolSettingsView);

const TAKEN = 'A teacher email domain can belong to one school only, and another school has already added it. If the domain is your school’s, please contact {supportEmail}.';
const PUBLIC = 'Public mail services (such as Gmail, Outlook, Yahoo, QQ, 163 or Netvigator) cannot be teacher email domains: anyone can open an address there. Add only domains your school controls.';
const TAKEN_DOMAIN = '{domain} is already a teacher email domain of another school';

/** The settings view model with more evidence for the refused domains, for one path. */
function refusedShows(evidence: Evidence): ViewModel {
  return { ...schoolSettingsView, evidence: { ...schoolSettingsView.evidence, 'editing.domainsRefused': [...(schoolSettingsView.evidence['editing.domainsRefused'] ?? []), ...evidence] } } as ViewModel;
}

describe('schoolSettings view: refused domains', () => {
  const model = schoolSettingsView.model;
  const typedAndSaved = [done('loadSettings', SAMPLE_SETTINGS), change('newDomain', 'new.demo-school.edu.hk'), { type: 'form.submit' }] as const;

  it("names the domain another school holds beside it and in the summary, with the code's message", async () => {
    const path = pathFromEvents(model, [...typedAndSaved, fail('saveSettings', SAMPLE_DOMAIN_TAKEN)]);
    await runViewPath(refusedShows([{ alert: TAKEN }, { alert: TAKEN_DOMAIN }, { text: TAKEN_DOMAIN }, { absent: PUBLIC }]), SchoolSettingsView, path);
  });

  it("says why a public mail service's domain is refused, in Chinese too", async () => {
    const path = pathFromEvents(model, [...typedAndSaved, fail('saveSettings', SAMPLE_DOMAIN_PUBLIC)]);
    const viewModel = refusedShows([{ alert: PUBLIC }, { absent: TAKEN }, { absent: TAKEN_DOMAIN }]);
    await runViewPath(viewModel, SchoolSettingsView, path);
    await runViewPath(viewModel, SchoolSettingsView, path, { lang: 'zh_hant' });
  });
});
