export * from './constants.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './password-policy.ts';
export * from './validate.ts';
export * from './schemas/common.ts';
export * from './schemas/account.ts';
export * from './api-error.ts';
