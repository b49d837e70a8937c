import * as v from 'valibot';
import { declareCall } from '../call.ts';

/** My data (issue 23; docs/decisions/my-data.md): a person's copy of everything held about their account. */

export const download = declareCall({
  name: 'myData.download',
  method: 'post',
  path: 'profile/my-data/download',
  session: true,
  response: v.string(),
  file: 'application/zip',
  codes: ['stepUpRequired', 'myDataDailyLimit'],
  summary:
    "Everything held about the signed-in account as a zip of `my-data.json` (schema in docs/my-data-export.md) and `my-data.html` (the same, readable, in the account's language). Needs a proof of this session within the last 10 minutes (`stepUpRequired` otherwise; docs/decisions/step-up.md). Once in 24 hours, counted in the database; a security email says it happened.",
});
