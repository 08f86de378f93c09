import type { AppPalette } from './create-app-theme';

/** The dark theme: light text on near-black blues, pastel accents with dark text on them. */
export const DarkSpacesTheme: AppPalette = {
  mode: 'dark',
  primary: { main: '#8fa4ff', contrastText: '#0b1020' },
  secondary: { main: '#c3a6f5', contrastText: '#0b1020' },
  error: { main: '#ff8a80', contrastText: '#0b1020' },
  success: { main: '#7fd08f', contrastText: '#0b1020' },
  info: { main: '#7cc4fa', contrastText: '#0b1020' },
  warning: { main: '#ffc46b', contrastText: '#0b1020' },
  text: { primary: '#e8ebf4', secondary: '#aeb6cc' },
  background: { default: '#0e131e', paper: '#171e2e' },
  divider: 'rgba(232, 235, 244, 0.14)',
  shell: {
    sidebarBackground: '#090d16',
    sidebarText: '#b3bbd1',
    sidebarActiveText: '#ffffff',
    sidebarActiveBackground: 'rgba(143, 164, 255, 0.18)',
    sidebarBorder: 'rgba(255, 255, 255, 0.08)',
    headerBackground: '#131a28',
    headerText: '#e8ebf4',
    shadow: 'rgba(0, 0, 0, 0.5)',
  },
};
