import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ThemeName } from './registry';

const STYLE_ID = 'app-theme';

/**
 * How the server builds a theme's sheet (`themeStyleSheet` of provider-theme.ts), provided by
 * app/entry.server.tsx. In the browser nothing provides it, so MUI's theme code stays out of
 * the page's first load (decision 126).
 */
export const ThemeSheetBuilderContext = createContext<((theme: ThemeName) => string) | null>(null);

/**
 * The theme's `--mui-*` custom properties in one <style> (decision 031). The server builds the
 * sheet; the browser keeps the one the server sent and builds another theme's only when the
 * person switches, loading MUI's theme code then. Until it arrives the previous colours stay.
 */
export function ThemeStyle({ theme }: { theme: ThemeName }) {
  const build = useContext(ThemeSheetBuilderContext);
  const css = build ? build(theme) : useBrowserSheet(theme);
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}

function useBrowserSheet(theme: ThemeName): string {
  const [sheets, setSheets] = useState<Partial<Record<ThemeName, string>>>(() => ({
    [theme]: document.getElementById(STYLE_ID)?.textContent ?? '',
  }));
  const shown = useRef(sheets[theme] ?? '');
  const known = sheets[theme];
  useEffect(() => {
    if (known !== undefined) return;
    let current = true;
    void import('./provider-theme').then(({ themeStyleSheet }) => {
      if (current) setSheets((previous) => ({ ...previous, [theme]: themeStyleSheet(theme) }));
    });
    return () => {
      current = false;
    };
  }, [theme, known]);
  if (known !== undefined) shown.current = known;
  return shown.current;
}
