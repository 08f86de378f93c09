// Serves the bare app's production build the way server/web.mjs serves the product: Node's
// http server, sirv for the built files and the product's request listener (server/request-listener.mjs), and
// nothing else.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestListener } from '../../server/request-listener.mjs';
import sirv from 'sirv';

const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, process.env.BARE_BUILD_DIR ?? 'build');
const build = await import(path.join(buildDir, 'server/index.js'));
const assets = sirv(path.join(buildDir, 'client'), { etag: true });
const app = createRequestListener({ build, mode: 'production' });
const server = http.createServer((req, res) => assets(req, res, () => app(req, res)));
server.listen(Number(process.env.PORT ?? 3401), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
