import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { NonceContext } from '~/utils/nonce';

// The browser hides nonce attributes from the DOM but keeps the property: read it back so
// the hydrating render matches the server's markup.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={nonce}>
        {/* Screens translate with the page's catalogue (app/i18n/config.ts): no provider needed. */}
        {/* Emotion's cache and MUI's theme come with the one MUI component, the phone's drawer. */}
        <HydratedRouter />
      </NonceContext.Provider>
    </StrictMode>,
  );
});
