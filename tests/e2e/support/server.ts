/**
 * A tiny static server for the built `dist/`, mounted under a sub-path (default `/trapsmith/`) to
 * prove the build works away from the site root. Unknown paths are 404s; nothing else is served.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export const DIST = resolve(import.meta.dirname, '../../../dist');

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveDist(base = '/trapsmith/', root = DIST): Promise<StaticServer> {
  if (!existsSync(join(root, 'index.html'))) throw new Error(`${root}/index.html is missing: run \`npm run build\` first`);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(base)) {
      res.writeHead(404).end('not here');
      return;
    }
    const rel = normalize(path.slice(base.length) || 'index.html');
    if (rel.startsWith('..')) {
      res.writeHead(403).end();
      return;
    }
    let file = join(root, rel);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
