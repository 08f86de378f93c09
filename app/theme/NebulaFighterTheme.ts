import type { AppPalette } from './create-app-theme';

/** Night-sky blues: a deep space header and sidebar with a magenta accent. */
export const NebulaFighterTheme: AppPalette = {
  mode: 'light',
  primary: { main: '#a3237d', contrastText: '#ffffff' },
  secondary: { main: '#3d4fb8', contrastText: '#ffffff' },
  error: { main: '#c4262e', contrastText: '#ffffff' },
  success: { main: '#23763f', contrastText: '#ffffff' },
  info: { main: '#1c5fa8', contrastText: '#ffffff' },
  warning: { main: '#895000', contrastText: '#ffffff' },
  text: { primary: '#1a1f3d', secondary: '#4d5378' },
  background: { default: '#eef0f8', paper: '#ffffff' },
  divider: 'rgba(26, 31, 61, 0.12)',
  shell: {
    sidebarBackground: '#0b1238',
    sidebarText: '#c3c9ea',
    sidebarActiveText: '#ffffff',
    sidebarActiveBackground: 'rgba(240, 110, 200, 0.22)',
    sidebarBorder: 'rgba(255, 255, 255, 0.08)',
    headerBackground: '#121b4a',
    headerText: '#eef0ff',
    shadow: 'rgba(11, 18, 56, 0.2)',
  },
};
