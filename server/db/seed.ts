import type { Db } from './schema.ts';
import { seedDemoAccounts } from './seed/accounts.ts';
import { seedDemoAssociations } from './seed/association.ts';
import { seedOrgAccountReader, seedOrgSchoolAdmin } from './seed/org-account.ts';
import { seedDemoProfiles } from './seed/profile.ts';
import { seedSchoolChineseNames } from './seed/schools.ts';
import { seedSsoExportAdmin } from './seed/sso-export.ts';
import { seedFullUpgradeAccounts, seedUpgradeAccounts } from './seed/upgrade.ts';

/*
 * The demo data, one file per feature under server/db/seed/. Every demo account is inserted by
 * `insertAccounts` (seed/demo-accounts.ts), inside a step that runs once per database
 * (`seedOnce`, an `app_meta` marker per step).
 */
export { DEMO_PASSWORD } from './seed/demo-accounts.ts';
export { DEMO_ACCOUNTS } from './seed/accounts.ts';
export { DEMO_SCHOOL_EMAIL_DOMAINS } from './seed/profile.ts';
export { DEMO_ASSOCIATION, DEMO_OLD_STUDENTS } from './seed/association.ts';
export { DEMO_ORG_SCHOOL_DOMAINS } from './seed/org-account.ts';

/** Each step in the order it was added; a database seeded before a step gets that step once. */
const STEPS = [
  seedDemoAccounts,
  seedDemoProfiles,
  seedDemoAssociations,
  seedUpgradeAccounts,
  seedFullUpgradeAccounts,
  seedSsoExportAdmin,
  seedOrgAccountReader,
  seedOrgSchoolAdmin,
  seedSchoolChineseNames,
] as const;

/**
 * Development only: seeds the demo schools, accounts and their profiles, each step once. Marker
 * rows remember each step, so deleting a demo account or editing a demo profile is not undone by
 * the next start. Returns whether it seeded anything.
 */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  let seeded = false;
  for (const step of STEPS) seeded = (await step(db, now)) || seeded;
  return seeded;
}
