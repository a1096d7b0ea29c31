// Static file server for the preview page (node:http only, no dependency):
//   node scripts/serve.mjs [--port 8080] [--dir www]     (--port 0: any free port)
// Prints `wallclock preview: http://127.0.0.1:PORT/` once it listens. HTTP/1.1
// with keep-alive and concurrent responses, so the browser fetches the page's
// modules and the wasm module in parallel (python's http.server answers one
// request at a time, on a new connection each). Any static server works: the
// only requirement of the page is `application/wasm` for .wasm files.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const root = resolve(arg('dir', join(fileURLToPath(import.meta.url), '..', '..', 'www')));
const port = Number(arg('port', process.env.PORT || 8080));

/** The file under `root` for a request path, or null when it would leave `root`. */
function fileFor(urlPath) {
  let p;
  try {
    p = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  const file = normalize(join(root, p));
  return file === root || file.startsWith(root + sep) ? file : null;
}

const server = createServer(async (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  let file = fileFor(req.url || '/');
  try {
    if (!file) throw new Error('outside');
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    const body = await readFile(file);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file).toLowerCase()] || 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
  }
});
server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => {
  console.log(`wallclock preview: http://127.0.0.1:${server.address().port}/`);
});
