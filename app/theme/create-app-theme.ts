import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
import { THEME_PALETTES, type ThemeName } from './registry';

/** The breakpoints of docs/specification.md, "9. Business constants and limits", shared by every theme. */
export const breakpoints = { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1840 } };

/** What a theme file defines: its palette. Everything else is shared. */
export type AppPalette = PaletteOptions & Required<Pick<PaletteOptions, 'mode' | 'shell'>>;

/**
 * Builds one of the six MUI themes. Only the palette differs between them, so every MUI
 * component serialises to the same CSS with any theme (colours are `var(--mui-…)`), and a
 * theme switch swaps custom properties rather than class names. contrastThreshold 4.5 makes
 * MUI pick contrast texts that meet WCAG AA instead of its default 3:1.
 */
export function createAppTheme(palette: AppPalette): Theme {
  return createTheme({
    cssVariables: true,
    breakpoints,
    palette: { contrastThreshold: 4.5, ...palette, shell: { ...palette.shell, ...statusTexts(palette) } },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 700 },
      h2: { fontSize: '1.375rem', fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
  });
}

/**
 * The text colours of status labels (closed, late, active user), drawn on a 15% tint of their
 * colour over the paper: the dark variant on light themes, the main (pastel) colour on dark
 * ones, where the dark variant would vanish (docs/decisions/105-accessibility-in-every-theme.md; app/theme/contrast.test.ts).
 */
function statusTexts(palette: AppPalette): { statusSuccessText: string; statusErrorText: string } {
  const { success, error } = createTheme({ palette: { contrastThreshold: 4.5, ...palette } }).palette;
  const dark = palette.mode === 'dark';
  return { statusSuccessText: dark ? success.main : success.dark, statusErrorText: dark ? error.main : error.dark };
}

const created = new Map<ThemeName, Theme>();

/**
 * The MUI theme of that name, created on first use and kept: createTheme costs several
 * milliseconds, so a browser only pays for the theme it shows. Apart from the registry's names
 * and palettes, which the page's first load carries without MUI's theme code (decision 126).
 */
export function getTheme(name: ThemeName): Theme {
  let theme = created.get(name);
  if (!theme) {
    theme = createAppTheme(THEME_PALETTES[name]);
    created.set(name, theme);
  }
  return theme;
}
