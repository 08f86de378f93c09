import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildStyleSheet, providerTheme, resolveProviderTheme, themeStyleSheet } from './provider-theme';
import { getTheme } from './create-app-theme';
import { THEME_NAMES } from './registry';

/** The theme MUI's own ThemeProvider hands to components for `input`. */
function themeFromMui(input: Theme): Theme {
  let seen: Theme | undefined;
  function Capture() {
    seen = useTheme();
    return null;
  }
  // The prop exists on the CSS-variables provider, which a `cssVariables` theme selects.
  const props = { theme: input, disableStyleSheetGeneration: true } as { theme: Theme };
  renderToString(
    <ThemeProvider {...props}>
      <Capture />
    </ThemeProvider>,
  );
  if (!seen) throw new Error('no theme');
  return seen;
}

/** Functions compared by what they produce for a sample input. */
function comparable(theme: Theme) {
  const plain = JSON.parse(JSON.stringify(theme)) as Record<string, unknown>;
  return { ...plain, spacingSample: theme.spacing(2, 1) };
}

describe('the precomputed provider theme', () => {
  it.each(THEME_NAMES)('%s equals what MUI ThemeProvider computes', (name) => {
    const input = getTheme(name);
    const mine = comparable(resolveProviderTheme(input));
    const mui = comparable(themeFromMui(input));
    expect(Object.keys(mine).sort()).toEqual(Object.keys(mui).sort());
    for (const key of Object.keys(mui)) expect({ key, value: mine[key as never] }).toEqual({ key, value: mui[key as never] });
  });

  it('is built once per theme', () => {
    expect(providerTheme('GreyGooseTheme')).toBe(providerTheme('GreyGooseTheme'));
    expect(themeStyleSheet('GreyGooseTheme')).toBe(themeStyleSheet('GreyGooseTheme'));
  });

  it('writes the custom properties and the colour scheme as CSS', () => {
    const light = themeStyleSheet('PureLightTheme');
    expect(light).toMatch(/^:root\{--mui-/);
    expect(light).toContain('--mui-palette-shell-sidebarBackground:#111633');
    expect(light).toContain('color-scheme:light');
    expect(themeStyleSheet('DarkSpacesTheme')).toContain('color-scheme:dark');
    expect(buildStyleSheet(getTheme('PureLightTheme'))).not.toMatch(/<\/style/i);
  });
});
