import type { AppPalette } from './create-app-theme';

/** A deep purple sidebar with a violet accent on lavender-tinted pages. */
export const PurpleFlowTheme: AppPalette = {
  mode: 'light',
  primary: { main: '#6a3fd1', contrastText: '#ffffff' },
  secondary: { main: '#8a2b85', contrastText: '#ffffff' },
  error: { main: '#c0262d', contrastText: '#ffffff' },
  success: { main: '#2b7a3a', contrastText: '#ffffff' },
  info: { main: '#1f63a8', contrastText: '#ffffff' },
  warning: { main: '#8a4f00', contrastText: '#ffffff' },
  text: { primary: '#291f45', secondary: '#5b5180' },
  background: { default: '#f4f1fb', paper: '#ffffff' },
  divider: 'rgba(41, 31, 69, 0.12)',
  shell: {
    sidebarBackground: '#2b1a5c',
    sidebarText: '#d5ccf2',
    sidebarActiveText: '#ffffff',
    sidebarActiveBackground: 'rgba(255, 255, 255, 0.14)',
    sidebarBorder: 'rgba(255, 255, 255, 0.1)',
    headerBackground: '#ffffff',
    headerText: '#291f45',
    shadow: 'rgba(41, 31, 69, 0.16)',
  },
};
