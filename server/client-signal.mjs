// The browser's request, as an abort signal the app's API calls can follow
// (docs/decisions/142-live-notifications-that-heal.md).
//
// React Router hands loaders a copy of the adapter's Request (it strips `?index` and `_routes`),
// and undici links a copy's signal to its original only weakly: once the copy is garbage
// collected (a relay's loader has returned; its Response streams on), the browser leaving no
// longer aborts anything, and the API's stream stayed open for 62-96% of the tabs that left.
// server/web.mjs runs each request in this store with a signal it aborts itself when the
// response closes before it finished; the app's ApiClient follows that one.
import { AsyncLocalStorage } from 'node:async_hooks';

// One store per process: server/web.mjs and the app's build each load their own copy of this
// module, so the store lives on globalThis under a registered symbol.
const KEY = Symbol.for('concesion.web.clientSignal');
/** @type {AsyncLocalStorage<AbortSignal>} */
const store = (globalThis[KEY] ??= new AsyncLocalStorage());

/** Runs `fn` with `signal` as the signal of the browser's request. */
export function withClientSignal(signal, fn) {
  return store.run(signal, fn);
}

/** The signal of the browser's request being served, if server/web.mjs serves it. */
export function currentClientSignal() {
  return store.getStore();
}
