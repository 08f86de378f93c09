import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords published with this product: the demo accounts' (api/platform/db/seed, DEMO_PASSWORD,
 * printed in README.md). Anyone may try them, so nobody may choose them (decision 132); the
 * seed hashes it directly and never asks this check, so the demo accounts keep it.
 */
const PUBLISHED = ['demo-2026'];

/**
 * The most common passwords (zxcvbn-ts's list, about 49,000 from public breaches) and the
 * published ones, refused as new passwords (ASVS 6.2.4; docs/security.md, V6.2.4), in any case and
 * with any spaces or tabs around them ("  password\t" is still "password"). Only the API holds the
 * list: the browser never downloads it, and the web forms show the API's answer beside the field.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set([...(dictionary['passwords-common'] as string[]), ...PUBLISHED]);
  return common.has(password.replace(/^\s+|\s+$/g, '').toLowerCase());
}
