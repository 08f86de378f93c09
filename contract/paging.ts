/**
 * Page sizes and the paged shape: plain data, free of zod, so the screens' bundles can use it
 * (the schemas are in envelope.ts).
 */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export type Paged<T> = { content: T[]; page: number; size: number; total: number };
