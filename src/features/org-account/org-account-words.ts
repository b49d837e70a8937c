import { orgAccountMessages as m } from './org-account-messages.ts';

/* The names the list and the import give to columns, groups, orders and the import's rules. */

export const COLUMN_NAMES = { emailAddress: m.colemailAddress, chFullName: m.colchFullName, enFullName: m.colenFullName, teacherType: m.colteacherType, remark: m.colremark };
export const GROUP_NAMES = { ALL: m.groupALL, UNIVERSITY_TEACHER: m.groupUNIVERSITY_TEACHER, PRE_SERVICE: m.groupPRE_SERVICE };
export const SORT_NAMES = { updatedDesc: m.sortupdatedDesc, updatedAsc: m.sortupdatedAsc };
export const RULE_NAMES = {
  required: m.rulerequired,
  format: m.ruleformat,
  maxLength: m.rulemaxLength,
  improper: m.ruleimproper,
  duplicated: m.ruleduplicated,
  formula: m.ruleformula,
} as const;
