import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, parseColor } from './contrast';
import { getTheme } from './create-app-theme';
import { THEME_NAMES } from './registry';

describe('contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(parseColor('rgba(1, 2, 3, 0.5)')).toEqual({ r: 1, g: 2, b: 3, a: 0.5 });
    expect(composite('rgba(0, 0, 0, 0.5)', '#ffffff').r).toBeCloseTo(127.5, 5);
  });
});

const AA = 4.5;

/** Every text colour the shell, the toasts and the MUI components draw, on what they draw it on. */
describe.each(THEME_NAMES)('%s meets WCAG 2.2 AA', (name) => {
  const { palette } = getTheme(name);
  const { shell } = palette;
  const sidebarActive = composite(shell.sidebarActiveBackground, shell.sidebarBackground);
  const sidebarActiveBg = `rgb(${sidebarActive.r}, ${sidebarActive.g}, ${sidebarActive.b})`;
  const pairs: [string, string, string][] = [
    ['text.primary on background.default', palette.text.primary, palette.background.default],
    ['text.primary on background.paper', palette.text.primary, palette.background.paper],
    ['text.secondary on background.default', palette.text.secondary, palette.background.default],
    ['text.secondary on background.paper', palette.text.secondary, palette.background.paper],
    ['primary.main (links) on background.paper', palette.primary.main, palette.background.paper],
    ['primary.main (links) on background.default', palette.primary.main, palette.background.default],
    ['error.main (field errors) on background.paper', palette.error.main, palette.background.paper],
    ['shell.sidebarText on shell.sidebarBackground', shell.sidebarText, shell.sidebarBackground],
    ['shell.sidebarActiveText on the active item', shell.sidebarActiveText, sidebarActiveBg],
    ['shell.sidebarText on the hovered item', shell.sidebarText, sidebarActiveBg],
    ['shell.headerText on shell.headerBackground', shell.headerText, shell.headerBackground],
  ];
  // Status labels (closed, late, active user): their text on a 15% tint of their colour over the paper.
  const tint = (channelOf: string) => {
    const c = parseColor(channelOf);
    const mixed = composite(`rgba(${c.r}, ${c.g}, ${c.b}, 0.15)`, palette.background.paper);
    return `rgb(${mixed.r}, ${mixed.g}, ${mixed.b})`;
  };
  pairs.push(['a closed or active label (success)', shell.statusSuccessText!, tint(palette.success.main)]);
  pairs.push(['a late label (error)', shell.statusErrorText!, tint(palette.error.main)]);
  for (const color of ['primary', 'secondary', 'error', 'success', 'info', 'warning'] as const) {
    pairs.push([`${color}.contrastText on ${color}.main`, palette[color].contrastText, palette[color].main]);
  }

  it.each(pairs)('%s', (_label, foreground, background) => {
    expect(contrastRatio(foreground, background, palette.background.default)).toBeGreaterThanOrEqual(AA);
  });
});
