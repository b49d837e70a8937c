export function rejectedVariants(markdown: string): Record<string, Array<{ variant: string; term: string }>>;
export function glossaryProblems(markdown: string, locales: Record<string, Record<string, string>>): string[];
