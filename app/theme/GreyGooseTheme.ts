import type { AppPalette } from './create-app-theme';

/** Quiet greys: a light sidebar and a slate-blue accent. */
export const GreyGooseTheme: AppPalette = {
  mode: 'light',
  primary: { main: '#3b5b7a', contrastText: '#ffffff' },
  secondary: { main: '#5f6b7a', contrastText: '#ffffff' },
  error: { main: '#b3261e', contrastText: '#ffffff' },
  success: { main: '#2f6f3e', contrastText: '#ffffff' },
  info: { main: '#2b6385', contrastText: '#ffffff' },
  warning: { main: '#85510a', contrastText: '#ffffff' },
  text: { primary: '#1f2933', secondary: '#4f5b68' },
  background: { default: '#eceff2', paper: '#ffffff' },
  divider: 'rgba(31, 41, 51, 0.14)',
  shell: {
    sidebarBackground: '#e1e5ea',
    sidebarText: '#39434f',
    sidebarActiveText: '#111820',
    sidebarActiveBackground: 'rgba(59, 91, 122, 0.16)',
    sidebarBorder: 'rgba(31, 41, 51, 0.12)',
    headerBackground: '#ffffff',
    headerText: '#1f2933',
    shadow: 'rgba(31, 41, 51, 0.14)',
  },
};
