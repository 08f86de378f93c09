import { messages } from '@contract/messages';
import { z } from '@contract/zod';

/** The "password twice" field of the sign-up, reset and user forms; compared, never validated alone. */
export const passwordConfirmField = z.string().optional();

type Passwords = { password?: string; passwordConfirm?: string };
type RefineParams = { message: string; path: PropertyKey[]; when: (payload: z.core.ParsePayload) => boolean };

/**
 * `.refine(...passwordsEqual)`: both passwords equal, the message under the confirmation.
 * It runs even while other fields are wrong (`when`), so the form shows every message at
 * once; an empty confirmation under a typed password counts as different.
 */
export const passwordsEqual: [(value: Passwords) => boolean, RefineParams] = [
  (value) => (value.password ?? '') === (value.passwordConfirm ?? ''),
  {
    message: messages.passwordsEqual,
    path: ['passwordConfirm'],
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  },
];
