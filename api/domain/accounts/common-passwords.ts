import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (zxcvbn-ts's list, about 49,000 from public breaches), refused as new
 * passwords (ASVS 6.2.4; docs/security.md, V6.2.4). Only the API holds the list: the browser never downloads it,
 * and the web forms show the API's answer beside the field.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'] as string[]);
  return common.has(password.toLowerCase());
}
