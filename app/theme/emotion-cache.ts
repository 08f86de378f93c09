import createCache, { type EmotionCache } from '@emotion/cache';

/** Server and browser must share the key so the browser adopts the server's style tags. */
export const EMOTION_KEY = 'css';

export function createEmotionCache(nonce?: string): EmotionCache {
  return createCache({ key: EMOTION_KEY, nonce: nonce || undefined });
}
