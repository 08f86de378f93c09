import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { THEME_STORAGE_KEY, type ThemeName } from './registry';
import { themeCookieHeader } from './theme-cookie';

type ThemeChoice = { theme: ThemeName; chooseTheme: (name: ThemeName) => void };

const ThemeChoiceContext = createContext<ThemeChoice | null>(null);

/**
 * The theme on screen. It starts from the server's (the cookie, rendered in the first
 * byte). Choosing one with JavaScript applies it at once, writes the same cookie the
 * resource route would (so the next server render agrees, even after an immediate
 * reload) and keeps the name on the device under `appTheme` (docs/specification.md, "9. Business constants and limits").
 */
export function useThemeChoiceState(serverTheme: ThemeName): ThemeChoice {
  const [theme, setTheme] = useState(serverTheme);
  // A newer server answer (another tab, a form post without JavaScript) wins.
  const [lastServerTheme, setLastServerTheme] = useState(serverTheme);
  if (serverTheme !== lastServerTheme) {
    setLastServerTheme(serverTheme);
    setTheme(serverTheme);
  }

  useEffect(() => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage can be disabled or full; the cookie still holds the choice.
    }
  }, [theme]);

  const chooseTheme = useCallback((name: ThemeName) => {
    document.cookie = themeCookieHeader(name);
    setTheme(name);
  }, []);
  return useMemo(() => ({ theme, chooseTheme }), [theme, chooseTheme]);
}

export function ThemeChoiceProvider({ value, children }: { value: ThemeChoice; children: ReactNode }) {
  return <ThemeChoiceContext.Provider value={value}>{children}</ThemeChoiceContext.Provider>;
}

export function useThemeChoice(): ThemeChoice {
  const choice = useContext(ThemeChoiceContext);
  if (!choice) throw new Error('useThemeChoice outside ThemeChoiceProvider');
  return choice;
}
