import type { AppPalette } from './create-app-theme';

/** The default: white pages, a deep navy sidebar and an indigo accent. */
export const PureLightTheme: AppPalette = {
  mode: 'light',
  primary: { main: '#3f51e0', contrastText: '#ffffff' },
  secondary: { main: '#5a6188', contrastText: '#ffffff' },
  error: { main: '#c62828', contrastText: '#ffffff' },
  success: { main: '#2e7d32', contrastText: '#ffffff' },
  info: { main: '#0270ad', contrastText: '#ffffff' },
  warning: { main: '#8a5300', contrastText: '#ffffff' },
  text: { primary: '#223354', secondary: '#545b80' },
  background: { default: '#f2f5f9', paper: '#ffffff' },
  divider: 'rgba(34, 51, 84, 0.12)',
  shell: {
    sidebarBackground: '#111633',
    sidebarText: '#b8bdd6',
    sidebarActiveText: '#ffffff',
    sidebarActiveBackground: 'rgba(255, 255, 255, 0.12)',
    sidebarBorder: 'rgba(255, 255, 255, 0.08)',
    headerBackground: '#ffffff',
    headerText: '#223354',
    shadow: 'rgba(34, 51, 84, 0.14)',
  },
};
