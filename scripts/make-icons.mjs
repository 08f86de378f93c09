// Makes the installable app's icons (app/routes/resources/manifest.ts) from public/favicon.svg,
// once: `node scripts/make-icons.mjs` after the favicon changes; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';

const favicon = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const out = new URL('../public/icons/', import.meta.url);
await mkdir(out, { recursive: true });

/** The favicon as drawn, at `size` pixels. */
const plain = (size) => sharp(Buffer.from(favicon), { density: (72 * size) / 32 }).resize(size, size);

/**
 * Maskable: the launcher crops to any shape within the central 80% circle, so the mark sits in
 * the middle 60% over a full-bleed background of the favicon's own navy.
 */
function maskable(size) {
  const inner = favicon.replace('<svg ', '<svg x="6.4" y="6.4" width="19.2" height="19.2" ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#223354"/>${inner}</svg>`;
  return sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size);
}

const png = { compressionLevel: 9, palette: true };
await plain(192).png(png).toFile(new URL('icon-192.png', out).pathname);
await plain(512).png(png).toFile(new URL('icon-512.png', out).pathname);
await maskable(512).png(png).toFile(new URL('icon-maskable-512.png', out).pathname);
