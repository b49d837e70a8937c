export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export interface Page {
  fullPath: string;
  files: string[];
}
export interface PageChain extends Page {
  /** Route ids from the root to the page: `__root__`, `/{-$lang}`, `/{-$lang}/login`. */
  routeIds: string[];
}
export interface MessageGroupsConfig {
  groups: Record<string, string[]>;
  routes: Record<string, string[]>;
}
export interface Row {
  path: string;
  jsBytes: number;
  cssBytes: number;
  total: number;
  over: boolean;
}
export const BUDGET_BYTES: number;
export const INITIAL_BUDGET_BYTES: number;
export interface WireFigure {
  bytes: number;
  files: number;
}
export interface CombinedRow {
  path: string;
  initial: number;
  wire: number | null;
  files: number;
  over: boolean;
}
export function pageUrl(path: string): string;
export function accountFor(path: string): string | null;
export function countsAgainstBudget(url: string, resourceType: string): boolean;
export function combine(initialRows: Row[], wire: Map<string, WireFigure>): CombinedRow[];
export function routePages(source: string, routesFileDir?: string): Page[];
export function routeChains(source: string, routesFileDir?: string): PageChain[];
export function messageGroupsOf(config: MessageGroupsConfig, routeIds: readonly string[]): string[];
export function messageKeys(config: MessageGroupsConfig, routeIds: readonly string[], lang?: string): string[];
export function displayPath(fullPath: string): string;
export function closure(manifest: Manifest, keys: string[]): Set<string>;
export function routeChunkKeys(manifest: Manifest, routeFile: string): string[];
export function filesOf(manifest: Manifest, keys: Iterable<string>): { js: Set<string>; css: Set<string> };
export function measure(
  manifest: Manifest,
  pages: Page[],
  gzipSize: (file: string) => number,
  messages?: string | ((page: PageChain) => string[]),
  bootKeys?: string[],
): { rows: Row[]; lazy: { name: string; file: string; bytes: number }[] };
