import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { createEmotionCache } from '~/theme';
import { NonceContext } from '~/utils/nonce';

// The browser hides nonce attributes from the DOM but keeps the property: read it back so
// the hydrating render matches the server's markup.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
// Same key as the server: the cache adopts the server's <style data-emotion> tags.
const cache = createEmotionCache(nonce);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={nonce}>
        <CacheProvider value={cache}>
          {/* Screens translate with the page's catalogue (app/i18n/config.ts): no provider needed. */}
          <HydratedRouter />
        </CacheProvider>
      </NonceContext.Provider>
    </StrictMode>,
  );
});
