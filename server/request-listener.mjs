// React Router's app as a Node request listener whose answers wait for the browser
// (docs/decisions/144-downloads-with-backpressure.md).
import { writeReadableStreamToWritable } from '@react-router/node';
import { createRequestHandler } from 'react-router';

/**
 * `createRequestListener` of @react-router/node, but writing the answer at the reader's pace.
 * That adapter (through @mjackson/node-fetch-server 0.2) writes every chunk of a response's body
 * as soon as the body gives one, without looking at `res.write`'s answer: a browser that stops
 * reading a 32 MB report left the whole file in the web process's memory, pulled from the API as
 * fast as it came. Here each chunk waits for `drain` (`writeReadableStreamToWritable`, the
 * adapter's own helper), so the body is read no faster than the socket (and, for a page, the
 * compression of server/compress-pages.mjs) takes it, and the API, its COPY and the database
 * wait too. A browser that leaves cancels the body, which cancels the call to the API.
 *
 * The request is built as the adapter builds it: headers from `req.rawHeaders` (server/web.mjs
 * sets the request id there), the URL from Host, a signal aborted when the answer closes, and a
 * body read as it arrives for methods that have one. What the app throws is logged on `log`
 * (JSON, decision 145) and answered 500.
 */
export function createRequestListener({ build, mode, log = { error: (fields, msg) => console.error(msg, fields.err) } }) {
  const handle = createRequestHandler(build, mode);
  return async (req, res) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const request = requestOf(req, controller.signal);
    let response;
    try {
      response = await handle(request);
    } catch (error) {
      log.error({ err: error }, 'request failed');
      response = new Response('Internal Server Error', { status: 500, headers: { 'Content-Type': 'text/plain' } });
    }
    const rawHeaders = [];
    for (const [name, value] of response.headers) rawHeaders.push(name, value);
    if (res.destroyed) {
      // The browser left while the app was answering.
      await response.body?.cancel().catch(() => undefined);
      return;
    }
    res.writeHead(response.status, rawHeaders);
    if (!response.body || req.method === 'HEAD') {
      await response.body?.cancel().catch(() => undefined);
      res.end();
      return;
    }
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      // A browser that left mid-answer ends its own request (the body is cancelled by then).
      if (res.destroyed && !res.writableFinished) return;
      throw error;
    }
  };
}

/** How much of a request's body may wait for the app to read it. */
const REQUEST_BODY_ROOM = 256 * 1024;

function requestOf(req, signal) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const protocol = 'encrypted' in req.socket && req.socket.encrypted ? 'https:' : 'http:';
  const url = new URL(req.url, `${protocol}//${headers.get('host') ?? 'localhost'}`);
  const init = { method: req.method ?? 'GET', headers, signal };
  if (init.method !== 'GET' && init.method !== 'HEAD') {
    // Read as the app reads it: the socket pauses while REQUEST_BODY_ROOM waits unread (an upload
    // passed on to a slow API is not held here whole). A client that resets mid-body leaves a body
    // that never ends, as with the adapter, and the request ends with its socket (decision 131).
    let cancelled = false;
    init.body = new ReadableStream(
      {
        start(body) {
          req.on('data', (chunk) => {
            if (cancelled) return;
            body.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((body.desiredSize ?? 1) <= 0) req.pause();
          });
          req.on('end', () => {
            if (!cancelled) body.close();
          });
        },
        pull() {
          req.resume();
        },
        cancel() {
          // Nobody reads the rest: let it flow away.
          cancelled = true;
          req.resume();
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: REQUEST_BODY_ROOM }),
    );
    init.duplex = 'half';
  }
  return new Request(url, init);
}
