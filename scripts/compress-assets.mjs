// Precompresses the web app's static files (gzip and brotli, at their best levels) once, at
// build time: the server sends the smaller file to browsers that accept it and never
// compresses on the request path (that cost page throughput, decision 004).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = path.join(process.env.BUILD_DIR ?? 'build', 'client');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest|ico)$/;
const MIN_BYTES = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(root)) {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) continue;
  const [brotli, gzipped] = await Promise.all([
    br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
  count += 1;
}
console.log(`Precompressed ${count} static files in ${root}`);
