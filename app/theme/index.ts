export { PureLightTheme, breakpoints } from './PureLightTheme';
export { EMOTION_KEY, createEmotionCache } from './emotion-cache';
