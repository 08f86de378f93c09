import { createTheme } from '@mui/material/styles';

/** Section 9's breakpoints, shared by every theme. */
export const breakpoints = { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1840 } };

/**
 * The default theme. Colours are chosen for WCAG 2.2 AA contrast (4.5:1 for text).
 * cssVariables exposes the palette as --mui-* custom properties, which the shell's plain
 * stylesheet (app/styles/app.css) reads instead of styling every element with Emotion.
 */
export const PureLightTheme = createTheme({
  cssVariables: true,
  breakpoints,
  palette: {
    mode: 'light',
    primary: { main: '#4354e8', contrastText: '#ffffff' },
    secondary: { main: '#5a6188', contrastText: '#ffffff' },
    error: { main: '#c62828' },
    success: { main: '#2e7d32' },
    info: { main: '#0277bd' },
    warning: { main: '#8a5300' },
    text: { primary: '#223354', secondary: '#5a6188' },
    background: { default: '#f2f5f9', paper: '#ffffff' },
    shell: {
      sidebarBackground: '#111633',
      sidebarText: '#b8bdd6',
      sidebarActiveText: '#ffffff',
      sidebarActiveBackground: 'rgba(255, 255, 255, 0.1)',
      headerBackground: '#ffffff',
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.375rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
});
