import { Transform } from 'node:stream';
import type { EmotionCache } from '@emotion/cache';

const HEAD_END = Buffer.from('</head>');
const SCRIPT_OPEN = Buffer.from('<script');
const SCRIPT_CLOSE = Buffer.from('</script>');

export type BodyScriptRewrite = { marker: string; rewrite: (scriptHtml: string) => string };

function escapeCss(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/**
 * Puts Emotion's critical CSS into a streamed render, so pages are fully styled without
 * JavaScript while React still streams.
 *
 * The cache runs in compat mode (components do not render their own <style> tags) and its
 * insert is wrapped to record the names of new rules. React's Node renderer calls
 * `flush()` on its destination after each complete flush, a safe HTML boundary: the
 * returned stream buffers React's writes up to that point and emits the rules recorded so far
 * as <style data-emotion="css name1 name2"> (global rules in their own tags): before
 * </head> the first time, before the chunk afterwards. The head and the body can be rewritten
 * on the way (`transformHead`, `transformBody`).
 */
export function createEmotionStream(
  cache: EmotionCache,
  nonce: string | undefined,
  /** Rewrites the document's <head> once, as it goes out (see script-priority.server.ts). */
  transformHead: (headHtml: string) => string = (headHtml) => headHtml,
  /**
   * Rewrites the <body>'s one <script> element whose text holds `marker` (React flushes whole
   * elements). Only that element is decoded: the rest of the body goes out as the bytes React
   * wrote, never turned into a string and back (on a large page that cost a tenth of its render).
   */
  bodyScript?: BodyScriptRewrite,
): Transform {
  cache.compat = true;
  const pending: string[] = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const known = cache.inserted[serialized.name] !== undefined;
    const result = insert(selector, serialized, sheet, shouldCache);
    if (!known && typeof cache.inserted[serialized.name] === 'string') pending.push(serialized.name);
    return result;
  };

  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  function takeStyleTags(): string {
    if (pending.length === 0) return '';
    const names: string[] = [];
    let css = '';
    let globals = '';
    for (const name of pending.splice(0)) {
      const rules = cache.inserted[name];
      if (typeof rules !== 'string') continue;
      if (cache.registered[`${cache.key}-${name}`] === undefined) {
        // Global styles (and keyframes): their own tag, as @emotion/server writes them.
        globals += `<style data-emotion="${cache.key}-global ${name}"${nonceAttribute}>${escapeCss(rules)}</style>`;
      } else {
        names.push(name);
        css += rules;
      }
    }
    const regular = names.length
      ? `<style data-emotion="${cache.key} ${names.join(' ')}"${nonceAttribute}>${escapeCss(css)}</style>`
      : '';
    return globals + regular;
  }

  let buffered: Uint8Array[] = [];
  let headWritten = false;

  function push(stream: Transform, chunk: Uint8Array | string) {
    if (chunk.length > 0) stream.push(chunk);
  }

  let scriptRewritten = false;
  function pushBody(stream: Transform, html: Buffer) {
    const at = bodyScript && !scriptRewritten ? html.indexOf(bodyScript.marker) : -1;
    const start = at === -1 ? -1 : html.lastIndexOf(SCRIPT_OPEN, at);
    const end = start === -1 ? -1 : html.indexOf(SCRIPT_CLOSE, at);
    if (end === -1) {
      push(stream, html);
      return;
    }
    scriptRewritten = true;
    const close = end + SCRIPT_CLOSE.length;
    push(stream, html.subarray(0, start));
    push(stream, bodyScript!.rewrite(html.subarray(start, close).toString('utf8')));
    push(stream, html.subarray(close));
  }

  function emit(stream: Transform) {
    if (buffered.length === 0) return;
    const html = Buffer.concat(buffered);
    buffered = [];
    if (headWritten) {
      push(stream, takeStyleTags());
      pushBody(stream, html);
      return;
    }
    const headEnd = html.indexOf(HEAD_END);
    if (headEnd === -1) {
      // Still inside <head>: hold the styles until </head> comes (a flush ends on a whole tag).
      push(stream, transformHead(html.toString('utf8')));
      return;
    }
    headWritten = true;
    push(stream, transformHead(html.subarray(0, headEnd).toString('utf8')));
    push(stream, takeStyleTags());
    pushBody(stream, html.subarray(headEnd));
  }

  // React's writes may split anywhere (even inside a tag), and under backpressure they wait
  // in the writable queue. The flush signal is queued behind them, so styles are only ever
  // inserted at the boundary React marked.
  const FLUSH = {};
  const stream = new Transform({
    writableObjectMode: true,
    transform(chunk: Uint8Array | string | typeof FLUSH, _encoding, callback) {
      if (chunk === FLUSH) emit(this);
      else buffered.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array));
      callback();
    },
    flush(callback) {
      emit(this);
      callback();
    },
  });
  Object.assign(stream, {
    flush: () => {
      if (!stream.writableEnded) stream.write(FLUSH);
    },
  });
  return stream;
}
