import { private_createTypography as createTypography, type Theme } from '@mui/material/styles';
import { getTheme } from './create-app-theme';
import type { ThemeName } from './registry';

/**
 * MUI's ThemeProvider, given a CSS-variables theme, mounts a CssVarsProvider that on every
 * render rebuilds the `vars` object, the typography and the whole custom-property
 * stylesheet, then serialises that stylesheet through Emotion: about 0.3 ms per server
 * request, more than the rest of the shell. The result depends only on the theme, so it is
 * computed here once per theme and process and handed to the plain (system) ThemeProvider,
 * while the stylesheet is rendered as one precomputed <style> (see `themeStyleSheet`).
 *
 * `resolveProviderTheme` repeats what CssVarsProvider does for a single-scheme theme
 * (its "memoTheme" and `resolveTheme`); provider-theme.test.ts checks it against MUI's own
 * output so an MUI upgrade that changes it fails a test instead of styling.
 */
type VarsTheme = Theme & {
  generateThemeVars: () => Theme['vars'];
  generateSpacing: () => Theme['spacing'];
  generateStyleSheets: () => Record<string, Record<string, string | number>>[];
  defaultColorScheme: string;
  colorSchemes: Record<string, Record<string, unknown>>;
};

export function resolveProviderTheme(input: Theme): Theme {
  const theme = input as VarsTheme;
  const resolved: Record<string, unknown> = { ...theme, vars: theme.generateThemeVars() };
  // Called on the new object: it reads `this.vars`, which now has no fallback values.
  resolved.spacing = theme.generateSpacing.call(resolved as unknown as Theme);
  const scheme = theme.colorSchemes[theme.defaultColorScheme] ?? {};
  for (const [key, value] of Object.entries(scheme)) {
    resolved[key] =
      value && typeof value === 'object' ? { ...(resolved[key] as object), ...(value as object) } : value;
  }
  resolved.typography = createTypography(resolved.palette as Theme['palette'], resolved.typography as never);
  return resolved as unknown as Theme;
}

const hyphenate = (property: string) =>
  property.startsWith('--') ? property : property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The custom properties MUI would inject for this theme, as CSS text. */
export function buildStyleSheet(input: Theme): string {
  const sheets = (input as VarsTheme).generateStyleSheets();
  let css = '';
  for (const sheet of sheets) {
    for (const [selector, declarations] of Object.entries(sheet)) {
      const body = Object.entries(declarations)
        .map(([property, value]) => `${hyphenate(property)}:${String(value)}`)
        .join(';');
      css += `${selector}{${body}}`;
    }
  }
  // The text goes inside a <style> element: it must never close it.
  return css.replace(/<\/style/gi, '<\\/style');
}

const providerThemes = new Map<ThemeName, Theme>();
const styleSheets = new Map<ThemeName, string>();

/** The theme object for the ThemeProvider, resolved once per theme. */
export function providerTheme(name: ThemeName): Theme {
  let theme = providerThemes.get(name);
  if (!theme) {
    theme = resolveProviderTheme(getTheme(name));
    providerThemes.set(name, theme);
  }
  return theme;
}

/** The theme's `--mui-*` custom properties and color-scheme, built once per theme. */
export function themeStyleSheet(name: ThemeName): string {
  let css = styleSheets.get(name);
  if (css === undefined) {
    css = buildStyleSheet(getTheme(name));
    styleSheets.set(name, css);
  }
  return css;
}
