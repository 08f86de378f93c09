import type { AppPalette } from './create-app-theme';
import { DarkSpacesTheme } from './DarkSpacesTheme';
import { GreenFieldsTheme } from './GreenFieldsTheme';
import { GreyGooseTheme } from './GreyGooseTheme';
import { NebulaFighterTheme } from './NebulaFighterTheme';
import { PureLightTheme } from './PureLightTheme';
import { PurpleFlowTheme } from './PurpleFlowTheme';

/** The six themes of docs/specification.md, "9. Business constants and limits", in the order the switcher lists them. */
export const THEME_NAMES = [
  'PureLightTheme',
  'GreyGooseTheme',
  'PurpleFlowTheme',
  'NebulaFighterTheme',
  'DarkSpacesTheme',
  'GreenFieldsTheme',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export const DEFAULT_THEME: ThemeName = 'PureLightTheme';

/**
 * The key under which the browser keeps the choice (docs/specification.md, "9. Business constants and limits": the
 * theme name in local storage).
 */
export const THEME_STORAGE_KEY = 'appTheme';

/** The resource route the header's theme form posts to (app/routes/resources/theme.ts). */
export const THEME_ACTION = '/resources/theme';

export const THEME_PALETTES: Record<ThemeName, AppPalette> = {
  PureLightTheme,
  GreyGooseTheme,
  PurpleFlowTheme,
  NebulaFighterTheme,
  DarkSpacesTheme,
  GreenFieldsTheme,
};

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}
