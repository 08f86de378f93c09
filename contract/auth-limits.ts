/**
 * The sign-in fields' limits: plain data, free of zod, so the screens' bundles can use them
 * (the schemas are in auth.ts).
 */
export const EMAIL_MAX = 255;
export const PASSWORD_MAX = 255;
export const PASSWORD_MIN = 6;
