import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

/**
 * tus-js-client's requests over fetch, for the service worker, which has no XMLHttpRequest
 * (docs/decisions/155-browser-uploads.md): the outbox's photos go by tus from there too. fetch
 * cannot tell how much of a body went out, so progress is reported once per request, when the
 * server has answered; with 512 KB chunks that is fine-grained enough for a list of reports.
 * Cookies go with the request (same origin only), and a redirect is an answer, never followed:
 * the session that ended is the page's business, not a file's.
 */
class FetchResponse implements HttpResponse {
  constructor(
    private readonly response: Response,
    private readonly body: string,
  ) {}
  getStatus() {
    return this.response.status;
  }
  getHeader(header: string) {
    return this.response.headers.get(header) ?? undefined;
  }
  getBody() {
    return this.body;
  }
  getUnderlyingObject() {
    return this.response;
  }
}

class FetchRequest implements HttpRequest {
  private readonly headers = new Headers();
  private readonly controller = new AbortController();
  private onProgress: (bytesSent: number) => void = () => undefined;

  constructor(
    private readonly method: string,
    private readonly url: string,
    private readonly fetcher: typeof fetch,
  ) {}
  getMethod() {
    return this.method;
  }
  getURL() {
    return this.url;
  }
  setHeader(header: string, value: string) {
    this.headers.set(header, value);
  }
  getHeader(header: string) {
    return this.headers.get(header) ?? undefined;
  }
  setProgressHandler(handler: (bytesSent: number) => void) {
    this.onProgress = handler;
  }
  async send(body: Blob | ArrayBuffer | Uint8Array | null = null): Promise<HttpResponse> {
    const response = await this.fetcher(this.url, {
      method: this.method,
      headers: this.headers,
      body: body as BodyInit | null,
      signal: this.controller.signal,
      credentials: 'same-origin',
      redirect: 'manual',
    });
    // The whole answer is read before it is handed over: tus-js-client reads the body synchronously.
    const text = await response.text();
    if (body) this.onProgress(body instanceof Blob ? body.size : body.byteLength);
    return new FetchResponse(response, text);
  }
  abort() {
    this.controller.abort();
    return Promise.resolve();
  }
  getUnderlyingObject() {
    return this.controller;
  }
}

export class FetchHttpStack implements HttpStack {
  /** `fetcher` is the global fetch unless told otherwise (bound: a service worker's fetch needs its `this`). */
  constructor(private readonly fetcher: typeof fetch = (input, init) => fetch(input, init)) {}
  createRequest(method: string, url: string): HttpRequest {
    return new FetchRequest(method, url, this.fetcher);
  }
  getName() {
    return 'FetchHttpStack';
  }
}
