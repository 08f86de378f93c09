export { breakpoints, createAppTheme, getTheme } from './create-app-theme';
export { EMOTION_KEY, createEmotionCache } from './emotion-cache';
export { providerTheme, themeStyleSheet } from './provider-theme';
export {
  DEFAULT_THEME,
  THEME_ACTION,
  THEME_NAMES,
  THEME_PALETTES,
  THEME_STORAGE_KEY,
  isThemeName,
  type ThemeName,
} from './registry';
