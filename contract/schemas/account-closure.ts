import * as v from 'valibot';

// ---- Account closure (issue 23; docs/decisions/account-closure.md) ------------------------------

/** Days between closing an account and the erasure of its personal data. */
export const ACCOUNT_CLOSURE_GRACE_DAYS = 14;

/** Whether the account is closing, and when its data will be erased (ISO), else null. */
export const AccountClosureSchema = v.object({ eraseAt: v.nullable(v.string()) });
export type AccountClosure = v.InferOutput<typeof AccountClosureSchema>;
