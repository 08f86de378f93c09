import { THEME_PALETTES, type ThemeName } from './registry';

/**
 * The colours a phone paints around the app for a theme: `theme` for the status and title bar
 * (the header's own background, so the bar and the header read as one), `background` for the
 * splash screen of the installed app (the page's background). Used by the manifest and the
 * document's `<meta name="theme-color">`.
 */
export function themeColors(name: ThemeName): { theme: string; background: string } {
  const palette = THEME_PALETTES[name];
  return { theme: palette.shell.headerBackground, background: String(palette.background?.default) };
}
