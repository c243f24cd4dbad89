/**
 * The render benchmark (`npm run bench`, via bench/run.ts): in headless Chromium, the cost of a
 * full redraw and of one turn's update of a 200x200 map with fog, for our PixiJS MapView and for
 * rot.js's canvas `Display` drawing the same glyphs (bench/render-page.ts); and the gzipped
 * JavaScript the game's first load downloads (everything fetched until the first level is drawn,
 * lazy chunks included, each file gzipped at level 9).
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { BenchResult } from './render-page.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function serve(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const rel = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^\/+/, '');
    const file = join(dir, rel || 'index.html');
    if (rel.startsWith('..') || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server })));
}

async function buildTo(input: string | null): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'trapsmith-bench-'));
  await build({
    root: ROOT,
    configFile: resolve(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, ...(input ? { rollupOptions: { input } } : {}) },
  });
  return outDir;
}


const ms = (x: number) => `${x.toFixed(2)} ms`;

export async function runRenderBench(): Promise<Record<string, number | string>> {
  const benchDir = await buildTo(resolve(ROOT, 'bench/render.html'));
  const gameDir = await buildTo(null);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS });
  const out: Record<string, number | string> = {};
  try {
    // Rendering.
    const bench = await serve(benchDir);
    try {
      const page = await browser.newPage({ viewport: { width: 2500, height: 3700 }, deviceScaleFactor: 1 });
      await page.goto(`${bench.url}bench/render.html`);
      await page.waitForFunction(() => typeof window.__renderBench === 'function');
      const results: BenchResult[] = await page.evaluate(() => window.__renderBench!());
      for (const r of results) {
        const tag = r.view;
        out[`${tag}: MapView full redraw`] = ms(r.pixiFullMs);
        out[`${tag}: MapView one turn's update (median; mean)`] = `${ms(r.pixiTurnMs)}; ${ms(r.pixiTurnMeanMs)}`;
        out[`${tag}: rot.js Display drawing the view`] = ms(r.rotFullMs);
        out[`${tag}: rot.js Display drawing only the changed cells (mean)`] = ms(r.rotDirtyMs);
        out[`${tag}: turn update / rot.js view draw`] = `${(r.pixiTurnMs / r.rotFullMs).toFixed(3)} (target ≤ 0.1)`;
        out[`${tag}: full redraw / rot.js view draw`] = (r.pixiFullMs / r.rotFullMs).toFixed(3);
        out[`${tag}: cells examined / changed per turn`] = `${r.examinedPerTurn} / ${r.changedPerTurn}`;
      }
      await page.close();
    } finally {
      bench.server.close();
    }
    // First load: the scripts the page had fetched when its first level was on screen (the page
    // lists its resources at that moment); then everything, once the network is idle (the other
    // rulesets, links and saves load after the first level).
    const game = await serve(gameDir);
    try {
      const page = await browser.newPage();
      const scripts = new Map<string, Buffer>();
      page.on('response', async (r) => {
        if (r.request().resourceType() === 'script' || r.url().endsWith('.js')) scripts.set(r.url(), await r.body());
      });
      await page.goto(`${game.url}?seed=bench&ruleset=cdda`);
      await page.waitForFunction(() => window.__trapsmith?.ready === true && window.__trapsmith.rulesets.length === 5);
      await page.waitForLoadState('networkidle');
      const first = new Set(await page.evaluate(() => window.__trapsmith!.firstLoad));
      const sum = (keep: (url: string) => boolean) => {
        let raw = 0;
        let gz = 0;
        let files = 0;
        for (const [url, body] of scripts) {
          if (!keep(url)) continue;
          files++;
          raw += body.length;
          gz += gzipSync(body, { level: 9 }).length;
        }
        return { files, raw, gz };
      };
      const firstLoad = sum((u) => first.has(u));
      const all = sum(() => true);
      out['first load (to the first level drawn): JS files'] = firstLoad.files;
      out['first load: JS bytes'] = `${(firstLoad.raw / 1024).toFixed(1)} kB`;
      out['first load: JS gzipped'] = `${(firstLoad.gz / 1024).toFixed(1)} kB (target ≤ 200 kB)`;
      out['after idle (all rulesets, share): JS gzipped'] = `${(all.gz / 1024).toFixed(1)} kB in ${all.files} files`;
      await page.close();
    } finally {
      game.server.close();
    }
  } finally {
    await browser.close();
    rmSync(benchDir, { recursive: true, force: true });
    rmSync(gameDir, { recursive: true, force: true });
  }
  return out;
}
