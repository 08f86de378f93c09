/**
 * What the profile screens show besides the schemas: field limits and the account statuses.
 * Plain data, free of zod, so the screens' bundles can use it (the schemas are in profile.ts).
 */
export const NAME_MAX = 80;
export const ADDRESS_MAX = 200;
export const PROFILE_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
