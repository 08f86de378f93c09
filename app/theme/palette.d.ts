import '@mui/material/styles';

/**
 * Shell colours, exposed as --mui-palette-shell-* for app/styles/app.css. Every text colour
 * here meets 4.5:1 on the background it sits on (app/theme/contrast.test.ts).
 */
type ShellPalette = {
  sidebarBackground: string;
  sidebarText: string;
  sidebarActiveText: string;
  /** Drawn over sidebarBackground; may be translucent. */
  sidebarActiveBackground: string;
  sidebarBorder: string;
  headerBackground: string;
  headerText: string;
  /** Drop shadow of cards, popovers and toasts. */
  shadow: string;
  /** Status labels' text on a 15% tint of their colour; derived by create-app-theme.ts, not set by hand. */
  statusSuccessText?: string;
  statusErrorText?: string;
};

declare module '@mui/material/styles' {
  interface Palette {
    shell: ShellPalette;
  }
  interface PaletteOptions {
    shell?: ShellPalette;
  }
}
