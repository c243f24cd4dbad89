/**
 * The built site's security policy: index.html's meta policy without 'unsafe-inline'; dist/_headers
 * (Netlify, Cloudflare Pages) with the same policy plus what a meta tag cannot set; no policy
 * violation reported (`securitypolicyviolation`) while a game is played, its panels opened, and the
 * Balance Lab and the heat map run; and the Lab's worker refusing eval on a host that sends no
 * header (this test's server sends none). Build first: `npx vite build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextFrames } from './support/browser.ts';
import { DIST } from './support/server.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

function metaPolicy(html: string): string {
  const m = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!m) throw new Error('no meta Content-Security-Policy in index.html');
  return m[1]!;
}

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

describe('the built site’s policy', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');

  it('index.html allows no inline style and no inline script', () => {
    const policy = metaPolicy(html);
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(directives(policy).get('style-src')).toBe("'self'");
    expect(directives(policy).get('script-src')).toBe("'self'");
    // Nothing in the page itself that the policy would refuse.
    const markup = html.replace(/<!--[\s\S]*?-->/g, '');
    expect(markup).not.toMatch(/<style[\s>]/i);
    expect(markup).not.toMatch(/\sstyle\s*=/i);
  });

  it('dist/_headers sends the same policy to every path, with frame-ancestors and the other headers a host should add', () => {
    const text = readFileSync(join(DIST, '_headers'), 'utf8');
    const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    expect(lines[0]).toBe('/*');
    const headers = new Map(lines.slice(1).map((l) => [l.trim().split(':')[0]!, l.trim().slice(l.trim().indexOf(':') + 1).trim()]));
    const sent = directives(headers.get('Content-Security-Policy')!);
    const meta = directives(metaPolicy(html));
    for (const [name, value] of meta) expect(sent.get(name), name).toBe(value);
    expect(sent.get('frame-ancestors')).toBe("'none'");
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
  });
});

/** What the worker is asked to try; each attempt says "ran" or the name of the error it threw. */
const WORKER_TRIES = `(() => {
  const attempt = (f) => { try { f(); return 'ran'; } catch (e) { return e.name; } };
  return JSON.stringify({
    eval: attempt(() => eval('1 + 1')),
    indirect: attempt(() => (0, globalThis.eval)('1 + 1')),
    fn: attempt(() => new Function('return 1')()),
    ctor: attempt(() => (() => {}).constructor('return 1')()),
    asyncCtor: attempt(() => (async () => {}).constructor('return 1')),
    generatorCtor: attempt(() => function* () {}.constructor('yield 1')),
    timer: attempt(() => setTimeout('1 + 1')),
    stillFunctions: (() => {}) instanceof Function,
  });
})()`;

/** Evaluates `expression` in the worker at `url` by the DevTools protocol's Runtime.evaluate (a string result). */
async function evaluateInWorker(url: string, expression: string): Promise<string> {
  const cdp = await site.browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ targetId: string; url: string; type: string }> };
    const target = targetInfos.find((t) => t.type === 'worker' && t.url === url);
    if (!target) throw new Error(`no worker target at ${url}`);
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
    const answer = new Promise<string>((ok, fail) => {
      cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
        if (e.sessionId !== sessionId) return;
        const m = JSON.parse(e.message) as { id?: number; result?: { result?: { value?: unknown }; exceptionDetails?: unknown } };
        if (m.id !== 1) return;
        if (m.result?.exceptionDetails || typeof m.result?.result?.value !== 'string') fail(new Error(`worker evaluation failed: ${e.message}`));
        else ok(m.result.result.value);
      });
    });
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }) });
    return await answer;
  } finally {
    await cdp.detach();
  }
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

describe('no policy violation in play', () => {
  it('playing, the panels, the Lab and the heat map report none, and the Lab’s worker refuses eval', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${site.server.url}?seed=csp&ruleset=d20&w=40&h=24`);
    await page.waitForFunction(() => window.__trapsmith?.ready === true && window.__trapsmith.rulesets.length === 5, undefined, { timeout: 30_000 });
    // Play a few turns, look, open the help, the designer, the new-game and share panels.
    for (const k of ['.', 's', '.', 'x', 'Escape', '?', 'Escape', 'T', 'Escape', 'N', 'Escape']) await page.keyboard.press(k);
    await page.locator('button.share-button').click();
    await page.keyboard.press('Escape');
    await nextFrames(page);

    // The Lab: a run of two rulesets with its charts and tables.
    await page.click('#tab-lab');
    await page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
    await page.check('input[name=ruleset][value=cdda]');
    await page.fill('input[name=runs]', '10');
    await page.click('button.lab-run');
    await page.waitForSelector('.lab-results .lab-rate-chart canvas', { timeout: 90_000 });
    await page.click('details.lab-sweep > summary');
    await page.click('button.lab-sweep-run');
    await page.waitForSelector('.lab-sweep-out .lab-line-chart canvas', { timeout: 60_000 });

    // The worker, served with no header here, still runs no code made from strings.
    const worker = page.workers().find((w) => /worker-[\w-]+\.js/.test(w.url()));
    expect(worker).toBeDefined();
    // Asked over the DevTools protocol: Playwright's own worker.evaluate runs through eval itself.
    const tries = JSON.parse(await evaluateInWorker(worker!.url(), WORKER_TRIES)) as Record<string, unknown>;
    expect(tries).toEqual({ eval: 'EvalError', indirect: 'EvalError', fn: 'EvalError', ctor: 'EvalError', asyncCtor: 'EvalError', generatorCtor: 'EvalError', timer: 'EvalError', stillFunctions: true });

    // The heat map on the game's map.
    await page.click('#tab-game');
    await page.keyboard.press('H');
    await page.waitForFunction(() => Number(document.querySelector('.heat-legend')?.getAttribute('data-runs') ?? 0) >= 10, undefined, { timeout: 90_000 });

    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
