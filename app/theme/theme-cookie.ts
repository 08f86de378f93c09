import { DEFAULT_THEME, isThemeName, type ThemeName } from './registry';

/**
 * The theme choice as a cookie, so the server renders it in the first byte. The same
 * header is written by the resource route (the form without JavaScript) and by the page
 * itself with JavaScript (`document.cookie`), so a reload right after a change can never
 * race a request. A preference, not a secret: plain value, readable by the page, no
 * Secure flag (a theme name is harmless in clear and on http://localhost alike).
 */
export const THEME_COOKIE = 'appTheme';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function themeCookieHeader(name: ThemeName): string {
  return `${THEME_COOKIE}=${name}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** The theme named by a Cookie header; the default for none or anything unknown. */
export function readThemeCookie(cookieHeader: string | null | undefined): ThemeName {
  if (!cookieHeader) return DEFAULT_THEME;
  for (const part of cookieHeader.split(';')) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (key === THEME_COOKIE && isThemeName(value)) return value;
  }
  return DEFAULT_THEME;
}
