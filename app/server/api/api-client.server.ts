import { data, redirect } from 'react-router';
import { request as undiciRequest } from 'undici';
import type { z } from 'zod';
import { apiErrorSchema, payloadOf } from '@contract/envelope';
import { messages } from '@contract/messages';
import { apiBaseUrlFor, env } from '~/server/env.server';
import { endedSessionCookie, type AppSession } from '~/server/auth/session.server';
import type { ErrorPageData } from '~/utils/error-data';
import { log } from '~/server/observability/log.server';
import { apiCalls, apiFailovers, apiPathPattern, peerUp } from '~/server/observability/metrics.server';
import { API_DRAINING_HEADER } from '@contract/draining';
import { failoverReasonOf, mayRetry, type FailoverReason } from './failover.server';
import { upstreamsFor, type Upstream } from './upstreams.server';
import { requestIdOf } from '~/server/observability/observability.server';
import { REQUEST_ID_HEADER } from '@contract/request-id.mjs';
import { currentClientSignal } from '../../../server/client-signal.mjs';
import { IDEMPOTENCY_KEY_HEADER } from '@contract/idempotency';
import { signInAgainPath } from '~/navigation/screens';
import { safeRedirect } from '~/utils/safe-redirect';

/** The calls of docs/specification.md, "7. The calls it makes", answer quickly; past this the API counts as unavailable. */
const API_TIMEOUT_MS = 10_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
type Query = Record<string, string | number | boolean | undefined>;

export type ApiSuccess<T> = { ok: true; status: number; payload: T; headers: Headers };
/** An answer the page handles itself: validation (400), conflict (409), 403, 413, 429... */
export type ApiFailure = { ok: false; status: number; message: string; fields: Record<string, string> };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

type CallOptions<S extends z.ZodType | undefined> = {
  body?: unknown;
  query?: Query;
  schema?: S;
  /**
   * A 401 comes back as a failure for the caller to handle, instead of ending the session: for a
   * token that is not a session yet (the second step of a sign-in).
   */
  unauthorizedIsAnswer?: boolean;
  /** Further request headers (a sign-in's device token and the token it replaces). */
  headers?: Record<string, string>;
  /**
   * The form's submission key (contract/idempotency.ts): the API stores the write once however
   * often the same key arrives, and answers a repeat with the first answer.
   */
  idempotencyKey?: string | null;
  /**
   * No answer, a timeout or a 5xx comes back as a 503 failure with the catalogue's
   * `writeUnavailable` message, instead of the 503 error page: for writes, whose form is shown
   * again with what was typed (decision 137).
   */
  unavailableIsAnswer?: boolean;
};

/** What a write that reached no working API answers the page (see `unavailableIsAnswer`). */
const unavailableFailure = (): ApiFailure => ({ ok: false, status: 503, message: messages.writeUnavailable, fields: {} });

/**
 * Thrown inside the client when a write's API is unavailable; `call` and `forward` turn it into
 * the failure above, or into `degraded`'s when the API said which feature is down.
 */
class Unavailable extends Error {
  constructor(readonly degraded?: ApiFailure) {
    super('API unavailable');
  }
}

/**
 * The API's answers that say one feature is down while the rest works
 * (docs/decisions/141-readiness-and-degraded-peers.md): the attachment storage unreachable (503),
 * or the disk full (507), or every export place taken (503, decision 144). Their own Spanish
 * message is shown, not the generic 503 page's.
 */
const DEGRADED_MESSAGES: readonly string[] = [messages.attachmentStorageDown, messages.storageFull, messages.exportsBusy];
type PayloadOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What the checks and failures need of an answer, whichever client got it: undici's
 * `request` for the JSON calls (a third of fetch's cost per call: no Request, Response or
 * web streams, and its own headers timeout instead of an AbortController and a timer; the
 * three or four calls of a page were a fifth of the web server's time), fetch for the
 * streamed ones, whose Response the resource routes pass on.
 */
type Answer = { status: number; json(): Promise<unknown>; discard(): Promise<void> };

const answerOf = (response: Response): Answer => ({
  status: response.status,
  json: () => response.json(),
  discard: async () => {
    await response.body?.cancel();
  },
});

/**
 * How much of an upload is kept to send it again to another API (decision 143). Node's fetch reads
 * the first chunk before it connects, so even an attempt refused outright has read some of it.
 */
const UPLOAD_REPLAY_BYTES = 1024 * 1024;

/**
 * A streamed body that may be sent again while no more than UPLOAD_REPLAY_BYTES of it were read:
 * the chunks read are kept, and each attempt gets a stream of its own that gives them again
 * before reading on. Past that, the kept chunks are let go of (the body is never held whole in
 * memory) and the body can no longer be sent again. A failed attempt's cancel does not cancel the
 * browser's body while it may still be sent again.
 */
function resendable(source: ReadableStream<Uint8Array>): { readonly untouched: boolean; stream(): ReadableStream<Uint8Array> } {
  const reader = source.getReader();
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  let overflow = false;
  let ended = false;
  return {
    get untouched() {
      return !overflow;
    },
    stream: () => {
      let index = 0;
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (!overflow && index < kept.length) {
              controller.enqueue(kept[index++]!);
              return;
            }
            if (ended) {
              controller.close();
              return;
            }
            const { done, value } = await reader.read();
            if (done) {
              ended = true;
              controller.close();
              return;
            }
            if (!overflow) {
              keptBytes += value.byteLength;
              if (keptBytes > UPLOAD_REPLAY_BYTES) {
                overflow = true;
                kept.length = 0;
              } else {
                kept.push(value);
                index = kept.length;
              }
            }
            controller.enqueue(value);
          },
          async cancel(reason) {
            if (overflow) await reader.cancel(reason);
          },
        },
        { highWaterMark: 0 },
      );
    },
  };
}

/** A body passed through as it arrives (see `ApiClient.forward`). */
class StreamedBody {
  constructor(
    readonly stream: ReadableStream<Uint8Array>,
    readonly contentType: string,
  ) {}
}

/**
 * The answer of a streamed call, relayed until the browser's request ends (decision 142): then
 * the call to the API is cancelled (the API sees its connection close: a live stream
 * unsubscribes) and the relayed body ends. Needed because React Router's Node adapter
 * (@react-router/node 7.18 on @mjackson/node-fetch-server 0.2) writes a body chunk by chunk
 * until it ends, without watching the browser's connection, and fetch's own link to the
 * request's signal is weak (server/client-signal.mjs). Read on demand: nothing is buffered here.
 */
function endingWith(response: Response, signal: AbortSignal): Response {
  if (!response.body) return response;
  const reader = response.body.getReader();
  let finished = false;
  let stop = () => {};
  const relayed = new ReadableStream<Uint8Array>({
    start(controller) {
      stop = () => {
        if (finished) return;
        finished = true;
        void reader.cancel(signal.reason).catch(() => {});
        controller.close();
      };
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
    },
    async pull(controller) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (finished) return;
      if (done) {
        finished = true;
        signal.removeEventListener('abort', stop);
        controller.close();
      } else controller.enqueue(value);
    },
    async cancel(reason) {
      finished = true;
      signal.removeEventListener('abort', stop);
      await reader.cancel(reason).catch(() => {});
    },
  });
  return new Response(relayed, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** A draining API's 503 (decision 143): its body let go, and the call is sent to another API. */
async function sentElsewhereIfDraining(answer: Response): Promise<boolean> {
  if (answer.status !== 503 || !answer.headers.has(API_DRAINING_HEADER)) return false;
  await answer.body?.cancel().catch(() => undefined);
  return true;
}

function throwErrorPage(body: ErrorPageData, status: number): never {
  throw data(body, { status });
}

/** Times a call to the API for /metrics: by path pattern, with its status ("error": no answer). */
function timeCall(method: Method, path: string): (status: number | 'error') => void {
  const stop = apiCalls.startTimer({ method, path: apiPathPattern(path) });
  return (status) => {
    stop({ status: String(status) });
    if (status !== 'error') peerUp.set({ peer: 'api' }, 1);
  };
}

/**
 * The web app's one way to reach the concession API. It adds the bearer token, reads
 * `payload`, and maps failures the same way everywhere:
 * - network error, timeout or 5xx: a 503 page (the web process never goes down), or for a
 *   write that asks so (`unavailableIsAnswer`) a 503 failure its form shows with what was typed;
 * - 401 with a token: the session ends and the user goes to the sign-in page, told why, to come back to
 *   the page they were on (decision 138; docs/specification.md, "8. The error catalogue");
 * - 404: the catalogue's service error naming the API path, logged (docs/specification.md, "8. The error catalogue");
 * - other 4xx: returned as an ApiFailure for forms (see `toFormErrors`).
 */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string | null,
    private readonly session: AppSession,
    /** Who is asking, for the API's limits and the user's list of sessions. */
    private readonly client: ClientInfo,
    /** The browser's request: when it goes away, the call to the API is cancelled too. */
    private readonly clientSignal?: AbortSignal,
  ) {}

  /** Log fields of a call: the request id, the method and the path with its ids and e-mails as ":id". */
  private logFields(method: Method, path: string) {
    return { requestId: this.client.requestId, method, apiPath: apiPathPattern(path) };
  }

  /**
   * The same caller for an answer other page views will share (reference-data.server.ts):
   * its calls are not cancelled when this browser's request ends, or the pages waiting on
   * the same answer would fail with it.
   */
  shared(): ApiClient {
    return new ApiClient(this.baseUrl, this.token, this.session, this.client);
  }

  /** Sends a call; 2xx payloads are validated with `schema`. */
  async call<S extends z.ZodType | undefined = undefined>(
    method: Method,
    path: string,
    options: CallOptions<S> = {},
  ): Promise<ApiResult<PayloadOf<S>>> {
    const extra = options.idempotencyKey ? { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey } : options.headers;
    let sent: Awaited<ReturnType<ApiClient['request']>>;
    try {
      sent = await this.request(method, path, options.body, options.query, options.unauthorizedIsAnswer, extra, options.unavailableIsAnswer);
    } catch (error) {
      if (error instanceof Unavailable) return error.degraded ?? unavailableFailure();
      throw error;
    }
    const { answer, headers } = sent;
    if (answer.status < 200 || answer.status > 299) return this.failure(method, path, answer);
    let payload: unknown = undefined;
    if (options.schema) {
      const parsed = payloadOf(options.schema as z.ZodType).safeParse(await answer.json().catch(() => null));
      if (!parsed.success) {
        log.error({ ...this.logFields(method, path), issues: parsed.error.issues.slice(0, 5).map((i) => ({ path: i.path.join('.'), code: i.code })) }, 'API answer does not match the contract');
        throw new Error(`Unexpected response from ${method} ${path}`);
      }
      payload = parsed.data.payload;
    } else {
      await answer.discard();
    }
    return {
      ok: true,
      status: answer.status,
      payload: payload as PayloadOf<S>,
      // Built when read: only signing in looks at an answer's headers.
      get headers() {
        return headers();
      },
    };
  }

  /** For loaders: the payload, or an error page for any failure. */
  async get<S extends z.ZodType>(path: string, schema: S, query?: Query): Promise<z.output<S>> {
    const result = await this.call('GET', path, { schema, query });
    if (!result.ok) throwErrorPage({ reason: 'api-error', message: result.message, requestId: this.client.requestId }, result.status);
    return result.payload as z.output<S>;
  }

  /**
   * The raw response of a successful call, for streaming downloads through a resource
   * route. Failures are mapped as in `call`, and 4xx become an error page.
   */
  async stream(path: string, query?: Query): Promise<Response> {
    const response = await this.fetch('GET', path, undefined, query);
    if (response.ok) return this.clientSignal ? endingWith(response, this.clientSignal) : response;
    const failure = await this.failure('GET', path, answerOf(response));
    throwErrorPage({ reason: 'api-error', message: failure.message, requestId: this.client.requestId }, failure.status);
  }

  /**
   * Passes a request body through to the API as it arrives (a multipart upload), without
   * holding it in memory: the API enforces its own limits while reading. Failures are
   * mapped as in `call`.
   */
  async forward(
    method: 'POST' | 'PUT',
    path: string,
    body: ReadableStream<Uint8Array>,
    contentType: string,
    idempotencyKey?: string | null,
    options: { unavailableIsAnswer?: boolean } = {},
  ): Promise<ApiResult<undefined>> {
    let response: Response;
    try {
      response = await this.fetch(method, path, new StreamedBody(body, contentType), undefined, idempotencyKey, options.unavailableIsAnswer);
    } catch (error) {
      if (error instanceof Unavailable) return error.degraded ?? unavailableFailure();
      throw error;
    }
    if (!response.ok) return this.failure(method, path, answerOf(response));
    await response.body?.cancel();
    return { ok: true, status: response.status, payload: undefined, headers: response.headers };
  }

  /**
   * Relays one request of the resumable-upload protocol (contract/uploads.ts) to the API as it is,
   * its body streamed on as it arrives and the answer's status, headers and body handed back
   * unread: tus statuses (404 for an unknown upload, 409 for a wrong offset, 460, 5xx) are the
   * browser's client's to act on, not error pages. A request whose body has not started may go to
   * another API (decision 143); a PATCH once started does not: the client asks the offset again.
   * Null when no API answered, or when the browser left mid-body (nothing to answer then).
   */
  async relay(method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE', path: string, requestHeaders: Headers, body: ReadableStream<Uint8Array> | null): Promise<Response | null> {
    const headers = new Headers(requestHeaders);
    if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    for (const [name, value] of Object.entries(clientHeaders(this.client))) headers.set(name, value);
    const abort = new AbortController();
    const clientSignal = this.clientSignal;
    const clientLeft = () => abort.abort(clientSignal?.reason);
    if (clientSignal?.aborted) clientLeft();
    else clientSignal?.addEventListener('abort', clientLeft, { once: true });
    const upload = body ? resendable(body) : null;
    const done = timeCall(method, path);
    try {
      const response = await this.withFailover(
        method,
        path,
        { idempotencyKey: null, bodyResendable: () => upload?.untouched ?? true },
        Date.now() + API_TIMEOUT_MS,
        (upstream) =>
          fetch(upstream.url + path, {
            method,
            headers,
            body: upload ? upload.stream() : undefined,
            signal: abort.signal,
            redirect: 'manual',
            dispatcher: upstream.agent,
            ...(upload ? { duplex: 'half' } : {}),
          } as RequestInit),
        sentElsewhereIfDraining,
      );
      done(response.status);
      return clientSignal ? endingWith(response, clientSignal) : response;
    } catch (error) {
      done('error');
      // The browser that left mid-PATCH (a phone losing its link) is not the API's failure: no log line.
      if (!clientSignal?.aborted && !abort.signal.aborted) {
        peerUp.set({ peer: 'api' }, 0);
        log.warn({ ...this.logFields(method, path), err: error }, 'Upload relay failed');
      }
      return null;
    } finally {
      clientSignal?.removeEventListener('abort', clientLeft);
    }
  }

  /** The path and query of a call (each attempt puts one API's address before it). */
  private urlOf(path: string, query?: Query): string {
    const url = new URL(path, 'http://api');
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.pathname + url.search;
  }

  /**
   * Sends a call to the API addresses in turn (docs/decisions/143-web-fails-over-between-apis.md):
   * the first that answers (anything but a draining 503) is the answer. Another attempt is made
   * only when `mayRetry` allows it for why the last one failed, within the deadline, and never
   * after the browser left; otherwise the last error is thrown, or the draining 503 returned.
   */
  private async withFailover<R>(
    method: Method,
    path: string,
    call: { idempotencyKey?: string | null; bodyResendable: () => boolean },
    deadline: number,
    send: (upstream: Upstream) => Promise<R>,
    isDraining: (answer: R) => Promise<boolean>,
  ): Promise<R> {
    const upstreams = upstreamsFor(this.baseUrl, env.WEB_API_PROBE_MS);
    const attempts = upstreams.attempts();
    for (let i = 0; ; i++) {
      const upstream = attempts[i]!;
      const last = i + 1 >= attempts.length;
      let reason: FailoverReason;
      try {
        const answer = await send(upstream);
        if (!last && (await isDraining(answer))) {
          reason = 'draining';
        } else {
          upstreams.markUp(upstream);
          return answer;
        }
      } catch (error) {
        const failed = this.clientSignal?.aborted ? null : failoverReasonOf(error);
        if (!failed) throw error;
        reason = failed;
        if (last) {
          upstreams.markDown(upstream, reason);
          throw error;
        }
      }
      upstreams.markDown(upstream, reason);
      const again = mayRetry({ method, idempotencyKey: call.idempotencyKey, bodyResendable: call.bodyResendable() }, reason) && Date.now() < deadline;
      log.warn({ ...this.logFields(method, path), api: upstream.label, reason, retried: again }, 'API call failed over');
      if (!again) {
        if (reason === 'draining') throw new Error('API draining');
        throw Object.assign(new Error(`API call not retried (${reason})`), { code: reason });
      }
      apiFailovers.inc({ reason });
    }
  }

  /** A JSON call (or none) through undici; the answer has passed `check`. */
  private async request(
    method: Method,
    path: string,
    body: unknown,
    query?: Query,
    unauthorizedIsAnswer = false,
    extraHeaders?: Record<string, string>,
    unavailableIsAnswer = false,
  ): Promise<{ answer: Answer; headers: () => Headers }> {
    const requestHeaders: Record<string, string> = { ...extraHeaders, accept: 'application/json' };
    if (body !== undefined) requestHeaders['content-type'] = 'application/json';
    if (this.token) requestHeaders.authorization = `Bearer ${this.token}`;
    Object.assign(requestHeaders, clientHeaders(this.client));
    let answer: Answer;
    let headers: () => Headers;
    const done = timeCall(method, path);
    const url = this.urlOf(path, query);
    const sentBody = body === undefined ? undefined : JSON.stringify(body);
    // The whole call, attempts on other APIs included, waits at most API_TIMEOUT_MS for an answer.
    const deadline = Date.now() + API_TIMEOUT_MS;
    try {
      const response = await this.withFailover(
        method,
        path,
        { idempotencyKey: extraHeaders?.[IDEMPOTENCY_KEY_HEADER], bodyResendable: () => true },
        deadline,
        (upstream) =>
          undiciRequest(upstream.url + url, {
            method,
            headers: requestHeaders,
            body: sentBody,
            dispatcher: upstream.agent,
            // Waiting for the answer's headers only, as for the streamed calls below.
            headersTimeout: Math.max(1, deadline - Date.now()),
            signal: this.clientSignal,
          }),
        async (response) => {
          if (response.statusCode !== 503 || response.headers[API_DRAINING_HEADER] === undefined) return false;
          await response.body.dump().catch(() => undefined);
          return true;
        },
      );
      done(response.statusCode);
      answer = {
        status: response.statusCode,
        json: () => response.body.json(),
        discard: async () => {
          await response.body.dump();
        },
      };
      headers = () => {
        const read = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') read.set(name, value);
          else if (Array.isArray(value)) for (const item of value) read.append(name, item);
        }
        return read;
      };
    } catch (error) {
      // A call cancelled because the browser's request is over (it left, or the page already
      // failed on another call) is not the API's failure.
      done('error');
      if (!this.clientSignal?.aborted) {
        peerUp.set({ peer: 'api' }, 0);
        log.error({ ...this.logFields(method, path), err: error }, 'API call failed');
      }
      if (unavailableIsAnswer) throw new Unavailable();
      throwErrorPage({ reason: 'service-unavailable', requestId: this.client.requestId }, 503);
    }
    await this.check(method, path, answer, unauthorizedIsAnswer, unavailableIsAnswer);
    return { answer, headers };
  }

  /** A streamed call (a download, an upload passed through) with fetch; the answer has passed `check`. */
  private async fetch(
    method: Method,
    path: string,
    body: unknown,
    query?: Query,
    idempotencyKey?: string | null,
    unavailableIsAnswer = false,
  ): Promise<Response> {
    const url = this.urlOf(path, query);
    const headers = new Headers({ accept: 'application/json' });
    if (idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    const streamed = body instanceof StreamedBody ? body : null;
    if (streamed) headers.set('content-type', streamed.contentType);
    else if (body !== undefined) headers.set('content-type', 'application/json');
    if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    for (const [name, value] of Object.entries(clientHeaders(this.client))) headers.set(name, value);

    // The timeout covers the wait for the answer's headers only: a streamed report or the
    // live notifications may then take as long as they need.
    // One controller for both, held by the browser's signal's listener: a signal derived with
    // AbortSignal.any is only weakly linked to its sources (decision 142).
    const abort = new AbortController();
    const clientSignal = this.clientSignal;
    const clientLeft = () => abort.abort(clientSignal?.reason);
    if (clientSignal?.aborted) clientLeft();
    else clientSignal?.addEventListener('abort', clientLeft, { once: true });
    // An upload's answer comes after its whole body, which a slow phone may take minutes to send.
    const timer = streamed ? undefined : setTimeout(() => abort.abort(new Error('timeout')), API_TIMEOUT_MS);
    const signal = abort.signal;
    let response: Response;
    const done = timeCall(method, path);
    // An upload goes again to another API only while what was read of it is still kept (decision 143).
    const upload = streamed ? resendable(streamed.stream) : null;
    try {
      response = await this.withFailover(
        method,
        path,
        { idempotencyKey, bodyResendable: () => upload?.untouched ?? true },
        Date.now() + API_TIMEOUT_MS,
        (upstream) =>
          fetch(upstream.url + url, {
            method,
            headers,
            body: upload ? upload.stream() : body === undefined ? undefined : JSON.stringify(body),
            signal,
            redirect: 'manual',
            dispatcher: upstream.agent,
            // Node's fetch needs this to send a stream as the body.
            ...(streamed ? { duplex: 'half' } : {}),
          } as RequestInit),
        sentElsewhereIfDraining,
      );
      done(response.status);
    } catch (error) {
      done('error');
      if (!this.clientSignal?.aborted) {
        peerUp.set({ peer: 'api' }, 0);
        log.error({ ...this.logFields(method, path), err: error }, 'API call failed');
      }
      if (unavailableIsAnswer) throw new Unavailable();
      throwErrorPage({ reason: 'service-unavailable', requestId: this.client.requestId }, 503);
    } finally {
      clearTimeout(timer);
    }
    clientSignal?.removeEventListener('abort', clientLeft);

    await this.check(method, path, answerOf(response), false, unavailableIsAnswer);
    return response;
  }

  /** The answers every page handles the same way: 5xx (unavailable), 401 (session over), 404. */
  private async check(method: Method, path: string, answer: Answer, unauthorizedIsAnswer = false, unavailableIsAnswer = false): Promise<void> {
    if (answer.status >= 500) {
      log.error({ ...this.logFields(method, path), status: answer.status }, 'API answered with a server error');
      // A 503 or 507's body is read for its message (which consumes it); any other is discarded.
      const degraded = answer.status === 503 || answer.status === 507 ? await this.degradedFailure(answer) : (await answer.discard(), undefined);
      if (unavailableIsAnswer) throw new Unavailable(degraded);
      if (degraded) throwErrorPage({ reason: 'api-error', message: degraded.message, requestId: this.client.requestId }, degraded.status);
      throwErrorPage({ reason: 'service-unavailable', requestId: this.client.requestId }, 503);
    }
    if (answer.status === 401 && this.token && !unauthorizedIsAnswer) {
      const body = apiErrorSchema.safeParse(await answer.json().catch(() => null));
      const reason = body.success ? body.data.errors.reason : undefined;
      throw redirect(signInAgainPath(reason, this.client.returnTo), { headers: { 'Set-Cookie': await endedSessionCookie(this.session, reason) } });
    }
    if (answer.status === 404) {
      log.error({ ...this.logFields(method, path), status: 404 }, 'API answered 404');
      await answer.discard();
      throwErrorPage({ reason: 'service-error', url: path, requestId: this.client.requestId }, 404);
    }
  }

  /** A 503 or 507 whose envelope names a feature that is down (`DEGRADED_MESSAGES`), as a failure; else undefined. */
  private async degradedFailure(answer: Answer): Promise<ApiFailure | undefined> {
    const body = apiErrorSchema.safeParse(await answer.json().catch(() => null));
    if (!body.success || !DEGRADED_MESSAGES.includes(body.data.errors.message)) return undefined;
    return { ok: false, status: answer.status, message: body.data.errors.message, fields: {} };
  }

  private async failure(method: Method, path: string, answer: Answer): Promise<ApiFailure> {
    const body = apiErrorSchema.safeParse(await answer.json().catch(() => null));
    if (!body.success) log.error({ ...this.logFields(method, path), status: answer.status }, 'API error without an error envelope');
    return {
      ok: false,
      status: answer.status,
      message: body.success ? body.data.errors.message : messages.badRequest,
      fields: body.success ? (body.data.errors.fields ?? {}) : {},
    };
  }
}

type ClientInfo = {
  address: string | null;
  userAgent: string | null;
  requestId?: string | null;
  /** The page to come back to after signing in again, should the session have ended (`returnPathOf`). */
  returnTo?: string | null;
};

/** The API believes X-Forwarded-For from the web app only (decision 110). */
function clientHeaders(client: ClientInfo): Record<string, string> {
  const headers: Record<string, string> = {};
  if (client.address) headers['x-forwarded-for'] = client.address;
  if (client.userAgent) headers['user-agent'] = client.userAgent.slice(0, 300);
  // One id end to end: the API logs it on every line of the call and answers with it.
  if (client.requestId) headers[REQUEST_ID_HEADER] = client.requestId;
  return headers;
}

export function createApiClient(request: Request, session: AppSession, token: string | null): ApiClient {
  return new ApiClient(
    apiBaseUrlFor(new URL(request.url).hostname, env),
    token,
    session,
    {
      // Set by server/web.mjs from the socket or a trusted proxy; browsers cannot choose it.
      address: request.headers.get('x-client-address'),
      userAgent: request.headers.get('user-agent'),
      requestId: requestIdOf(request),
      returnTo: returnPathOf(request),
    },
    // server/web.mjs's signal for the browser's request when it serves it; the Request's own
    // (a copy React Router made, whose link to the browser may be collected) otherwise.
    currentClientSignal() ?? request.signal,
  );
}

/**
 * The page a person was on, to bring them back to after a session that ended (decision 138): the
 * page itself for a page's loader; for a form sent, the page that sent it (its Referer, which the
 * origin check has already held to this site), else the action's own path. Only a same-site
 * relative path, never the account pages; login checks it again with safeRedirect.
 */
export function returnPathOf(request: Request): string | null {
  const url = new URL(request.url);
  let page = url;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const referer = URL.parse(request.headers.get('referer') ?? '');
    if (referer?.origin === url.origin) page = referer;
  }
  const path = safeRedirect(page.pathname + page.search, '');
  return path && !path.startsWith('/user/') && !path.startsWith('/resources/') ? path : null;
}

/** Turns an API failure into Conform's reply options: the message for the form, field messages per field. */
export function toFormErrors(failure: ApiFailure): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  return {
    formErrors: [failure.message],
    fieldErrors: Object.fromEntries(Object.entries(failure.fields).map(([field, message]) => [field, [message]])),
  };
}
