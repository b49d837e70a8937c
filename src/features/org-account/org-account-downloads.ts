import type { Language } from '../../../contract/languages.ts';
import type { OrgGroup } from '../../../contract/schemas/org-account.ts';

/** Where the downloads are (the page provides the API's addresses; stories and tests their own). */
export interface OrgAccountDownloads {
  exportHref: (query: { q: string; group: OrgGroup }, lang: Language) => string;
  templateHref: (lang: Language) => string;
}

export const NO_DOWNLOADS: OrgAccountDownloads = { exportHref: () => '#export', templateHref: () => '#template' };
