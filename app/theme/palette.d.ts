import '@mui/material/styles';

/** Shell colours, exposed as --mui-palette-shell-* for app/styles/app.css. */
type ShellPalette = {
  sidebarBackground: string;
  sidebarText: string;
  sidebarActiveText: string;
  sidebarActiveBackground: string;
  headerBackground: string;
};

declare module '@mui/material/styles' {
  interface Palette {
    shell: ShellPalette;
  }
  interface PaletteOptions {
    shell?: ShellPalette;
  }
}
