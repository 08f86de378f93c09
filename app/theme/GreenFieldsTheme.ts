import type { AppPalette } from './create-app-theme';

/** Fields and road signs: a forest-green sidebar and accent on pale green pages. */
export const GreenFieldsTheme: AppPalette = {
  mode: 'light',
  primary: { main: '#1c7442', contrastText: '#ffffff' },
  secondary: { main: '#55651f', contrastText: '#ffffff' },
  error: { main: '#b42318', contrastText: '#ffffff' },
  success: { main: '#1f6b3a', contrastText: '#ffffff' },
  info: { main: '#1a5f8f', contrastText: '#ffffff' },
  warning: { main: '#865000', contrastText: '#ffffff' },
  text: { primary: '#173a28', secondary: '#46604f' },
  background: { default: '#eff5f1', paper: '#ffffff' },
  divider: 'rgba(23, 58, 40, 0.12)',
  shell: {
    sidebarBackground: '#0f3b28',
    sidebarText: '#cce4d5',
    sidebarActiveText: '#ffffff',
    sidebarActiveBackground: 'rgba(255, 255, 255, 0.14)',
    sidebarBorder: 'rgba(255, 255, 255, 0.1)',
    headerBackground: '#ffffff',
    headerText: '#173a28',
    shadow: 'rgba(23, 58, 40, 0.14)',
  },
};
