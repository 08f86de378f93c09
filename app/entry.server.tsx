import { randomBytes } from 'node:crypto';
import { CacheProvider } from '@emotion/react';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from 'react-router';
import { createEmotionStream } from '~/server/ssr/emotion-stream.server';
import { deferBootstrap, holdModulePreloads } from '~/server/ssr/script-priority.server';
import { TranslatorContext } from '~/i18n/context';
import { getI18n } from '~/i18n/middleware.server';
import { createEmotionCache } from '~/theme/emotion-cache';
import { themeStyleSheet } from '~/theme/provider-theme';
import { ThemeSheetBuilderContext } from '~/theme/theme-style';
import { NonceContext } from '~/utils/nonce';
import { log } from '~/server/observability/log.server';
import { requestIdOf } from '~/server/observability/observability.server';

export const streamTimeout = 5_000;

/** Scripts need the per-request nonce; styles stay inline-able (Emotion inserts at runtime). */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The service worker (/sw.js, decision 139): script-src's 'strict-dynamic' would refuse it.
    "worker-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = randomBytes(16).toString('base64');
  const cache = createEmotionCache(nonce);
  // Before rendering: it switches the cache to compat mode and starts recording styles.
  const body = createEmotionStream(cache, nonce, holdModulePreloads, deferBootstrap);
  const i18n = getI18n(loadContext);
  const userAgent = request.headers.get('user-agent');
  // Crawlers (and Node's fetch, which isbot counts as one) get the whole page at once.
  const readyOption: keyof RenderToPipeableStreamOptions =
    (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let shellFailed = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined;

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <CacheProvider value={cache}>
          <TranslatorContext.Provider value={i18n}>
            <ThemeSheetBuilderContext.Provider value={themeStyleSheet}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </ThemeSheetBuilderContext.Provider>
          </TranslatorContext.Provider>
        </CacheProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          body.once('finish', () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (process.env.NODE_ENV === 'production') {
            responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce));
          }
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          shellFailed = true;
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by React Router when the promise rejects.
          if (shellRendered) log.error({ requestId: requestIdOf(request), err: error }, 'render failed');
        },
      },
    );

    // Created after renderToPipeableStream returns: a synchronous render error must not
    // meet an uninitialised `abort` in a timer a few seconds later.
    if (!shellFailed) timeoutId = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Expected responses (redirects, 404s) are not errors; aborted requests are not either. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log.error({ requestId: requestIdOf(request), err: error }, 'unexpected error');
};
