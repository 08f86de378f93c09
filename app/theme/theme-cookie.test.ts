import { describe, expect, it } from 'vitest';
import { readThemeCookie, themeCookieHeader } from './theme-cookie';

describe('theme cookie', () => {
  it('writes a year-long cookie for the whole site', () => {
    expect(themeCookieHeader('DarkSpacesTheme')).toBe('appTheme=DarkSpacesTheme; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('reads the choice back among other cookies', () => {
    expect(readThemeCookie('__session=abc.def; appTheme=GreenFieldsTheme; other=1')).toBe('GreenFieldsTheme');
  });

  it('falls back to the default for no cookie or an unknown name', () => {
    expect(readThemeCookie(null)).toBe('PureLightTheme');
    expect(readThemeCookie('appTheme=ComicSans')).toBe('PureLightTheme');
    expect(readThemeCookie('appTheme=')).toBe('PureLightTheme');
  });
});
