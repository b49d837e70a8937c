export interface Finding {
  file: string;
  line: number;
  rule: string;
  message: string;
}
export const LINT_ROOTS: string[];
export function packageName(specifier: string): string;
export function resolveSpecifier(file: string, specifier: string): { path?: string; pkg?: string };
export function importViolation(file: string, specifier: string): string | null;
export function lintSource(file: string, source: string): Finding[];
export function lintFiles(root?: string): string[];
export function lintRepository(root?: string): { files: string[]; findings: Finding[] };
