import { Writable } from 'node:stream';
import { CacheProvider, Global } from '@emotion/react';
import styled from '@emotion/styled';
import { Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createEmotionStream } from './emotion-stream.server';
import { deferBootstrap, holdModulePreloads } from './script-priority.server';
import { createEmotionCache } from '../../theme/emotion-cache';

const Title = styled.h1({ color: 'rgb(1, 2, 3)' });
const Late = styled.p({ color: 'rgb(4, 5, 6)' });

function Deferred({ promise }: { promise: Promise<string> }) {
  return <Late>{use(promise)}</Late>;
}

function Document({ promise }: { promise: Promise<string> }) {
  return (
    <html lang="es">
      <head>
        <title>t</title>
        <link rel="modulepreload" href="/assets/entry.js" />
      </head>
      <body>
        <Global styles={{ body: { margin: 0 } }} />
        <Title>Hola, señor</Title>
        <script dangerouslySetInnerHTML={{ __html: 'other("ñandú")' }} />
        <Suspense fallback={<span>…</span>}>
          <Deferred promise={promise} />
        </Suspense>
        <script type="module" dangerouslySetInnerHTML={{ __html: 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");' }} />
      </body>
    </html>
  );
}

/** Renders with onShellReady, resolving the suspended part after the shell went out. */
function render(nonce?: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const cache = createEmotionCache(nonce);
    const styles = createEmotionStream(cache, nonce, holdModulePreloads, deferBootstrap);
    let release: (value: string) => void = () => {};
    const promise = new Promise<string>((r) => (release = r));
    const chunks: string[] = [];
    const sink = new Writable({
      // A slow consumer, so React's writes queue up behind backpressure.
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString('utf8'));
        setTimeout(callback, 1);
      },
    });
    sink.on('finish', () => resolve(chunks));
    const { pipe } = renderToPipeableStream(
      <CacheProvider value={cache}>
        <Document promise={promise} />
      </CacheProvider>,
      {
        onShellReady() {
          styles.pipe(sink);
          pipe(styles);
          setTimeout(() => release('Después'), 20);
        },
        onShellError: reject,
      },
    );
  });
}

describe('createEmotionStream', () => {
  it('puts the shell styles before </head> and later styles before the chunk that uses them', async () => {
    const html = (await render()).join('');
    const headEnd = html.indexOf('</head>');
    const titleRule = html.indexOf('color:rgb(1, 2, 3)');
    const lateRule = html.indexOf('color:rgb(4, 5, 6)');
    const globalTag = html.indexOf('<style data-emotion="css-global');

    expect(titleRule).toBeGreaterThan(-1);
    expect(titleRule).toBeLessThan(headEnd);
    expect(globalTag).toBeGreaterThan(-1);
    expect(globalTag).toBeLessThan(headEnd);
    // The suspended paragraph's rule arrives after the shell, ahead of its own markup.
    expect(lateRule).toBeGreaterThan(headEnd);
    expect(lateRule).toBeLessThan(html.indexOf('Después'));
    // Compat mode: no style tags beside the components in the body's first markup.
    expect(html.slice(headEnd, html.indexOf('Hola, señor'))).not.toContain('<style');
  });

  it('holds the module preloads of the head and makes the bootstrap wait for the first paint', async () => {
    const html = (await render()).join('');
    expect(html).toContain('<link data-after-paint="modulepreload" href="/assets/entry.js"/>');
    expect(html).not.toContain('rel="modulepreload"');
    const body = html.slice(html.indexOf('</head>'));
    expect(body).toContain('requestAnimationFrame');
    expect(body).toContain('const route0 = await import("/assets/root.js");');
    expect(body).not.toContain('import * as route0');
    expect(body).toContain('import("/assets/entry.js");</script>');
    // Everything else leaves as it was written, characters beyond ASCII included.
    expect(body).toContain('>Hola, señor</h1><script>other("ñandú")</script>');
  });

  it('names every regular rule in the data-emotion attribute for the browser cache', async () => {
    const html = (await render()).join('');
    const tags = [...html.matchAll(/<style data-emotion="css ([^"]+)"/g)].map((match) => match[1]!.split(' '));
    const classNames = [...html.matchAll(/class="css-([a-z0-9]+)/g)].map((match) => match[1]!);
    const named = new Set(tags.flat());
    for (const name of classNames) expect(named.has(name)).toBe(true);
  });

  it('adds the nonce to every style tag', async () => {
    const html = (await render('abc123')).join('');
    const tags = html.match(/<style[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(1);
    for (const tag of tags) expect(tag).toContain('nonce="abc123"');
  });

  it('escapes a closing style tag inside CSS', async () => {
    const cache = createEmotionCache();
    const styles = createEmotionStream(cache, undefined);
    const Evil = styled.div({ '&::after': { content: '"</style><script>x</script>"' } });
    const chunks: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk.toString('utf8'));
          callback();
        },
      });
      sink.on('finish', resolve);
      const { pipe } = renderToPipeableStream(
        <CacheProvider value={cache}>
          <html>
            <head />
            <body>
              <Evil />
            </body>
          </html>
        </CacheProvider>,
        { onAllReady: () => (styles.pipe(sink), pipe(styles)), onShellError: reject },
      );
    });
    const html = chunks.join('');
    expect(html).toContain('<\\/style><script>');
    expect(html.match(/<\/style>/g)?.length).toBe(html.match(/<style/g)?.length);
  });
});
