/**
 * Replays, links, saves and hosting in the built site (run `npx vite build` first):
 * - a game recorded in Node opens from its link at the same world hash, and the replay viewer
 *   reaches Node's hash at every turn it is asked for;
 * - a game played in the browser, copied as a link, replays in Node to the browser's hash;
 * - the game saves itself after every turn and resumes on reload;
 * - hostile links and files (truncated, wrong version, wrong types, huge, script in names) each
 *   get their message, and the running game and the saves stay as they were;
 * - the Content-Security-Policy has no 'unsafe-eval' and nothing violates it;
 * - after the first visit the site works with the server gone.
 */
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { isWalkable, terrainAt, WORLD_VERSION } from '../../src/core/world.ts';
import { decodeLink, encodeLink, LIMITS, payloadOf, type ReplayFile, record, replay, replayToText } from '../../src/share/index.ts';
import { lzBomb } from '../share/lzBomb.ts';
import { playRandomGame } from '../share/randomGame.ts';
import { launch, pageWithErrors, shareReady } from './support/browser.ts';
import { serveDist, type StaticServer } from './support/server.ts';
import { player } from '../../src/core/level.ts';

declare global {
  interface Window {
    __csp?: string[];
    __pwned?: number;
  }
}

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  // TRAPSMITH_DIST: serve another build (for trying a build without touching dist/).
  server = await serveDist('/trapsmith/', process.env.TRAPSMITH_DIST);
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A fresh browser profile that records console errors and CSP violations. */
async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 760 } });
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__csp!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return context;
}

async function open(url: string, context?: BrowserContext): Promise<Opened> {
  const ctx = context ?? (await newContext());
  const { page, errors } = await pageWithErrors(ctx);
  await page.goto(url);
  await shareReady(page);
  return { context: ctx, page, errors };
}

const shareHash = (page: Page) => page.evaluate(() => window.__trapsmithShare!.hash());
const shareTurn = (page: Page) => page.evaluate(() => window.__trapsmithShare!.turn());
const notices = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.notices .notice')].map((n) => n.textContent ?? ''));
/** The kept games as the index lists them (what each is and how far it went) and the damaged ones. */
const saveSlots = (page: Page) =>
  page.evaluate(() => {
    const index = JSON.parse(localStorage.getItem('trapsmith.saves.index') ?? '{"games":[],"damaged":[]}') as {
      games: Array<{ id: string; seed: string; turn: number; hash: string; actions: number }>;
      damaged: Array<{ id: string }>;
    };
    return {
      games: index.games.map(({ id, seed, turn, hash, actions }) => ({ id, seed, turn, hash, actions })).sort((a, b) => a.id.localeCompare(b.id)),
      damaged: index.damaged.map((d) => d.id).sort(),
    };
  });
const keptRows = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.share-kept-game')].map((li) => li.querySelector('.share-kept-label')?.textContent ?? ''));

/** Random keys a player might press: moves, waits, searches; Escape answers any question with no. */
async function playKeys(page: Page, n: number, seed: number): Promise<void> {
  const keys = ['1', '2', '3', '4', '6', '7', '8', '9', '2', '6', '.', 's'];
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    await page.keyboard.press(keys[x % keys.length]!);
    await page.keyboard.press('Escape');
  }
}

async function openPanel(page: Page): Promise<void> {
  if (await page.locator('.share-panel').isHidden()) await page.click('.share-button');
}

/** A long game recorded in Node on a real ruleset. */
function nodeGame(seed: string, ruleset: string, attempts: number, name?: string): ReplayFile {
  const file = playRandomGame({ seed, ruleset }, attempts, 21).file();
  return name ? { ...file, name } : file;
}

describe('hosting', () => {
  it("the page sets a Content-Security-Policy without 'unsafe-eval', and playing, sharing and watching violate nothing", async () => {
    const { page, context, errors } = await open(`${server.url}?seed=csp&ruleset=cdda`);
    const csp = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '');
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    await playKeys(page, 12, 5);
    await openPanel(page);
    await page.click('.share-copy');
    await page.click('.share-watch');
    await page.waitForFunction(() => window.__trapsmithShare!.viewer() !== null);
    await page.click('.replay-end');
    await page.keyboard.press('Escape');
    await page.click('#tab-lab');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.__csp)).toEqual([]);
    // 'unsafe-inline' styles are there for the dev server only: the built site injects no <style>.
    expect(await page.evaluate(() => document.querySelectorAll('style').length)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('replays and links', () => {
  it('a long game recorded in Node opens from its link at the same hash, and the viewer reaches Node’s hash at each turn', async () => {
    const file = nodeGame('e2e-long', 'cdda', 1500);
    expect(file.turn!).toBeGreaterThan(100);
    const { page, context, errors } = await open(`${server.url}#g=${encodeLink(file)}`);
    expect(await shareTurn(page)).toBe(file.turn);
    expect(await shareHash(page)).toBe(file.hash);
    // The address is now the game's (a reload resumes it from the autosave).
    expect(new URL(page.url()).hash).toBe('');
    // Watch it: jump, step, play, back; every turn shown has Node's hash for that turn.
    await openPanel(page);
    await page.click('.share-watch');
    await page.waitForFunction(() => window.__trapsmithShare!.viewer() !== null);
    const viewer = () => page.evaluate(() => window.__trapsmithShare!.viewer()!);
    // A modal in deed: the game behind it is inert (Tab cannot reach its buttons).
    expect(await page.evaluate(() => document.getElementById('app')!.inert)).toBe(true);
    await page.fill('.replay-turn', '57');
    await page.click('.replay-jump button');
    expect(await viewer()).toMatchObject({ turn: 57, hash: replay(file, 57).hash });
    await page.click('.replay-step');
    expect(await viewer()).toMatchObject({ turn: 58, hash: replay(file, 58).hash });
    await page.keyboard.press('ArrowLeft');
    expect(await viewer()).toMatchObject({ turn: 57, hash: replay(file, 57).hash });
    await page.selectOption('.replay-speed', '25');
    await page.click('.replay-play');
    await page.waitForFunction(() => window.__trapsmithShare!.viewer()!.turn >= 80, undefined, { polling: 100, timeout: 60_000 });
    await page.click('.replay-play');
    const paused = await viewer();
    expect(paused.hash).toBe(replay(file, paused.turn).hash);
    // The status line on the page says the same.
    expect(await page.getAttribute('.replay-status', 'data-hash')).toBe(paused.hash);
    await page.keyboard.press('End');
    expect(await viewer()).toMatchObject({ turn: file.turn, hash: file.hash, atEnd: true });
    // Play on from turn 30: the running game becomes that game at turn 30.
    await page.keyboard.press('Home');
    await page.fill('.replay-turn', '30');
    await page.click('.replay-jump button');
    await page.click('.replay-playon');
    expect(await shareTurn(page)).toBe(30);
    expect(await shareHash(page)).toBe(replay(file, 30).hash);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('link round trip: a game played in the browser, copied as a link, replays in Node and in a new browser to the same hash', async () => {
    const first = await open(`${server.url}?seed=round-trip&ruleset=omega`);
    await playKeys(first.page, 40, 9);
    const hash = await shareHash(first.page);
    const turn = await shareTurn(first.page);
    expect(turn).toBeGreaterThan(5);
    await openPanel(first.page);
    await first.page.click('.share-copy');
    const link = await first.page.inputValue('.share-link');
    expect(link.startsWith(`${server.url}?seed=round-trip`)).toBe(true);
    const decoded = decodeLink(payloadOf(link)!);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    const node = replay(decoded.value);
    expect(node.hash).toBe(hash);
    expect(node.turn).toBe(turn);
    expect(node.hashMatches).toBe(true);
    await first.context.close();
    const second = await open(link);
    expect(await shareHash(second.page)).toBe(hash);
    expect(second.errors).toEqual([]);
    await second.context.close();
  });
});

describe('saves', () => {
  it('the game saves itself after every turn and resumes on reload; another game keeps it in the list', async () => {
    const { page, context, errors } = await open(`${server.url}?seed=autosave&ruleset=d20`);
    await playKeys(page, 25, 3);
    const hash = await shareHash(page);
    const turn = await shareTurn(page);
    expect(turn).toBeGreaterThan(3);
    await page.reload();
    await page.waitForFunction(() => window.__trapsmithShare?.ready === true);
    expect(await shareHash(page)).toBe(hash);
    expect(await shareTurn(page)).toBe(turn);
    // The bare address resumes the saved game too.
    await page.goto(server.url);
    await page.waitForFunction(() => window.__trapsmithShare?.ready === true);
    expect(await shareHash(page)).toBe(hash);
    // Another game: the saved one is kept and offered.
    await page.goto(`${server.url}?seed=another&ruleset=d20`);
    await page.waitForFunction(() => window.__trapsmithShare?.ready === true);
    expect(await shareHash(page)).not.toBe(hash);
    expect((await notices(page)).join('\n')).toMatch(/Your saved game \(d20 3\.5 SRD traps game of seed autosave, turn \d+\) is kept: Share, Kept games/);
    await playKeys(page, 5, 4);
    await openPanel(page);
    await expect.poll(() => keptRows(page)).toEqual([expect.stringMatching(/^d20 3\.5 SRD traps, seed another, turn \d+, saved .* \(playing\)$/), expect.stringMatching(/^d20 3\.5 SRD traps, seed autosave, turn \d+/)]);
    await page.locator('.share-kept-game', { hasText: 'seed autosave' }).locator('.share-kept-resume').click();
    expect(await shareHash(page)).toBe(hash);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('export and import: a save file resumes the game, a replay file opens the viewer', async () => {
    const { page, context } = await open(`${server.url}?seed=export&ruleset=wasteland`);
    await playKeys(page, 15, 6);
    const hash = await shareHash(page);
    await openPanel(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.share-export-save')]);
    expect(download.suggestedFilename()).toMatch(/^trapsmith-wasteland-export-turn\d+\.save\.json$/);
    const saved = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(saved).toString('utf8');
    expect(JSON.parse(text).hash).toBe(hash);
    // Start something else, then import the save: the game comes back.
    await page.goto(`${server.url}?seed=elsewhere&ruleset=cdda`);
    await page.waitForFunction(() => window.__trapsmithShare?.ready === true);
    await openPanel(page);
    await page.setInputFiles('.share-file', { name: 'my save.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect.poll(() => shareHash(page)).toBe(hash);
    // A replay file opens in the viewer, and the game underneath is untouched.
    const file = nodeGame('e2e-import', 'ceaptun', 400);
    await openPanel(page);
    await page.setInputFiles('.share-file', { name: 'run.replay.json', mimeType: 'application/json', buffer: Buffer.from(replayToText(file)) });
    await page.waitForFunction(() => window.__trapsmithShare!.viewer() !== null);
    await page.keyboard.press('End');
    expect(await page.evaluate(() => window.__trapsmithShare!.viewer())).toMatchObject({ hash: file.hash, turn: file.turn });
    await page.keyboard.press('Escape');
    expect(await shareHash(page)).toBe(hash);
    // Closed: the game is live again.
    expect(await page.evaluate(() => document.getElementById('app')!.inert)).toBe(false);
    await context.close();
  });
});

describe('kept games', () => {
  it('your own game survives opening two links: all three are listed, each resumes, and one is dropped only when the player says so twice', async () => {
    const context = await newContext();
    const own = await open(`${server.url}?seed=own-game&ruleset=ceaptun`, context);
    await playKeys(own.page, 10, 2);
    const ownHash = await shareHash(own.page);
    await own.page.close();
    const a = nodeGame('link-a', 'cdda', 60);
    const b = nodeGame('link-b', 'omega', 60);
    const first = await open(`${server.url}#g=${encodeLink(a)}`, context);
    expect((await notices(first.page)).join('\n')).toMatch(/Your own game \(Cēaptūn game of seed own-game, turn \d+\) is kept/);
    await first.page.close();
    const { page, errors } = await open(`${server.url}#g=${encodeLink(b)}`, context);
    expect(await shareHash(page)).toBe(b.hash);
    await openPanel(page);
    const rows = await keptRows(page);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^Omega 0\.90\.4, seed link-b, turn \d+, saved .* \(playing\)$/);
    expect(rows.slice(1).join('\n')).toMatch(/Cataclysm: DDA, seed link-a/);
    expect(rows.slice(1).join('\n')).toMatch(/Cēaptūn, seed own-game/);
    // Resume the own game: its world, and its log as it was.
    await page.locator('.share-kept-game', { hasText: 'seed own-game' }).locator('.share-kept-resume').click();
    expect(await shareHash(page)).toBe(ownHash);
    // Drop link A: the first click asks, the second drops.
    await openPanel(page);
    const dropA = page.locator('.share-kept-game', { hasText: 'seed link-a' }).locator('.share-kept-drop');
    await dropA.click();
    expect(await keptRows(page)).toHaveLength(3);
    await expect.poll(() => dropA.textContent()).toBe('Drop it for good?');
    await dropA.click();
    await expect.poll(() => keptRows(page)).toHaveLength(2);
    expect((await keptRows(page)).join('\n')).not.toMatch(/link-a/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a reload restores the log exactly, lines said outside a turn included', async () => {
    const { page, context, errors } = await open(`${server.url}?seed=777&ruleset=ceaptun`);
    await playKeys(page, 30, 11);
    // Into the wall and back: refused moves are said in the log but are not turns.
    for (const k of '44444444444488888888888866666666666666662222222222222'.split('')) await page.keyboard.press(k);
    const log = await page.evaluate(() => window.__trapsmithShare!.log());
    expect(log.join('\n')).toMatch(/in the way/);
    await page.reload();
    await page.waitForFunction(() => window.__trapsmithShare?.ready === true);
    expect(await page.evaluate(() => window.__trapsmithShare!.log())).toEqual(log);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('long links', () => {
  /** A game of `n` moves to and fro (cdda, no monsters): long, and about 1 kB as a link. */
  function longGame(n: number): ReplayFile {
    const rec = record({ seed: 'long-link', ruleset: 'cdda', settings: { monsters: 0, turnLimit: LIMITS.actions } });
    const hero = player(rec.world);
    const dx = isWalkable(terrainAt(rec.world, hero.x + 1, hero.y)) ? 1 : -1;
    for (let i = 0; i < n; i++) rec.step({ type: 'move', dx: i % 2 === 0 ? dx : -dx, dy: 0 });
    return rec.file();
  }

  it('a link of 40,000 moves replays off the page, with progress, to the same hash as in Node; Cancel leaves everything as it was', async () => {
    const file = longGame(40_000);
    const url = `${server.url}#g=${encodeLink(file)}`;
    const context = await newContext();
    const { page, errors } = await open(url, context);
    expect(await shareTurn(page)).toBe(file.turn);
    expect(await shareHash(page)).toBe(file.hash);
    expect(await page.locator('.share-progress').isHidden()).toBe(true);
    await page.close();
    // Again, watched as it goes: the progress shows, the page answers, and Cancel stops it.
    const slots = await (async () => {
      const p = await context.newPage();
      await p.goto(`${server.url}?seed=before-long&ruleset=cdda`);
      await p.waitForFunction(() => window.__trapsmithShare?.ready === true);
      await playKeys(p, 4, 1);
      const s = await saveSlots(p);
      await p.close();
      return s;
    })();
    const second = await context.newPage();
    // Cancel is pressed in the page, by a DOM observer, the moment the progress shows "of 40,000
    // moves": pressed from the test a round trip later (or by a poll a background page may run
    // only once a second), it could come after the replay ended, on a closed progress box.
    await second.addInitScript(() => {
      new MutationObserver(() => {
        const box = document.querySelector<HTMLElement>('.share-progress');
        const text = document.querySelector('.share-progress-text')?.textContent ?? '';
        if (!box || box.hidden || !/of 40,000 moves/.test(text) || (window as { __cancelPressed?: boolean }).__cancelPressed) return;
        (window as { __cancelPressed?: boolean }).__cancelPressed = true;
        document.querySelector<HTMLButtonElement>('.share-progress-cancel')?.click();
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await second.goto(url);
    await second.waitForFunction(() => (window as { __cancelPressed?: boolean }).__cancelPressed === true, undefined, { timeout: 60_000 });
    // The page is live while the worker replays.
    expect(await second.evaluate(() => 1 + 1)).toBe(2);
    await second.waitForFunction(() => window.__trapsmithShare?.ready === true);
    expect(await second.locator('.share-progress').isHidden()).toBe(true);
    expect((await notices(second)).join('\n')).toMatch(/The game link was not opened: its replay was cancelled/);
    expect(await shareHash(second)).not.toBe(file.hash);
    expect((await saveSlots(second)).games.map((g) => g.seed).sort()).toEqual(slots.games.map((g) => g.seed).sort());
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('hostile links and files', () => {
  it('truncated, wrong-version, wrong-type, huge, damaged and bombed links each say what is wrong; the saved game is resumed untouched', async () => {
    const context = await newContext();
    const first = await open(`${server.url}?seed=keep-me&ruleset=ceaptun`, context);
    await playKeys(first.page, 12, 8);
    const hash = await shareHash(first.page);
    const slots = await saveSlots(first.page);
    expect(slots.games).toHaveLength(1);
    await first.page.close();
    const good = encodeLink(nodeGame('e2e-hostile', 'cdda', 300));
    const cases: Array<[string, RegExp]> = [
      [good.slice(0, Math.floor(good.length / 2)), /The game link was not opened: The link is (cut short|damaged)/],
      [encodeLink({ ...nodeGame('old', 'cdda', 20), version: WORLD_VERSION - 1 }), /made with an older version of Trapsmith .* so it is not replayed/],
      ['A'.repeat(LIMITS.linkChars + 1), /The link is too long/],
      [lzBomb(6000), /The link expands to more than/],
      ['<script>window.__pwned=1</script>', /characters a Trapsmith link never has/],
      [
        LZString.compressToEncodedURIComponent(JSON.stringify({ v: WORLD_VERSION, s: 5, r: 'cdda', o: {}, w: 'wide', h: 40, y: 'rooms', a: '66' })),
        /seed: expected text, got the number 5; width: expected a number, got text "wide"/,
      ],
    ];
    for (const [payload, message] of cases) {
      const { page, errors } = await open(`${server.url}#g=${payload}`, context);
      expect((await notices(page)).join('\n'), String(message)).toMatch(message);
      // Nothing lost: the saved game is the running game again, and the saves are as they were.
      expect(await shareHash(page)).toBe(hash);
      expect(await saveSlots(page)).toEqual(slots);
      // The refused link is kept on the page, to copy or report.
      await openPanel(page);
      expect(await page.inputValue('.share-refused-link')).toContain('#g=');
      expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
      expect(errors).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it('script in names: a link named with markup shows the name as text, runs nothing, and plays', async () => {
    const name = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const file = nodeGame('<b>seed</b>', 'omega', 200, name);
    const { page, context, errors } = await open(`${server.url}#g=${encodeLink(file)}`);
    expect(await shareHash(page)).toBe(file.hash);
    expect((await notices(page)).join('\n')).toContain(`Opened a game link: "${name}": Omega 0.90.4, seed <b>seed</b>`);
    expect(await page.evaluate(() => document.querySelectorAll('.notices img, .notices script, .notices b').length)).toBe(0);
    await openPanel(page);
    await page.click('.share-watch');
    await page.waitForFunction(() => window.__trapsmithShare!.viewer() !== null);
    expect(await page.textContent('.replay-title')).toContain(name);
    expect(await page.evaluate(() => document.querySelectorAll('.share-viewer img, .share-viewer script').length)).toBe(0);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(await page.evaluate(() => window.__csp)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a game link\'s notice is news, not a problem, says your own game is kept, and goes when another game is started', async () => {
    // A game of one's own first, saved in this browser.
    const own = await open(`${server.url}?seed=mine&ruleset=omega`);
    await playKeys(own.page, 5, 3);
    const file = nodeGame('news', 'cdda', 20);
    const { page, context, errors } = await open(`${server.url}#g=${encodeLink(file)}`, own.context);
    expect((await notices(page)).join('\n')).toContain('Opened a game link: Cataclysm: DDA, seed news');
    expect((await notices(page)).join('\n')).toMatch(/Your own game \(Omega 0\.90\.4 game of seed mine, turn \d+\) is kept: Share, Kept games\./);
    expect(await page.evaluate(() => document.querySelector('.notices')!.classList.contains('news'))).toBe(true);
    expect(await page.locator('.notices [role=alert]').count()).toBe(0);
    // As the notice says: the own game is on the list.
    await page.keyboard.press('.');
    await openPanel(page);
    await expect.poll(() => keptRows(page)).toContainEqual(expect.stringMatching(/^Omega 0\.90\.4, seed mine, turn \d+/));
    await page.keyboard.press('Escape');
    await page.keyboard.press('N');
    await page.locator('.new-game-panel input[name=seed]').fill('another');
    await page.locator('.new-game-panel button.start').click();
    await expect.poll(() => notices(page)).toEqual([]);
    expect(await page.locator('.notices').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('truncated, wrong-version, wrong-type, foreign and huge files are refused with their messages; nothing changes', async () => {
    const { page, context, errors } = await open(`${server.url}?seed=files&ruleset=cdda`);
    await playKeys(page, 10, 2);
    const hash = await shareHash(page);
    const slots = await saveSlots(page);
    const text = replayToText({ ...nodeGame('e2e-files', 'cdda', 100), format: 'trapsmith-save' });
    const obj = JSON.parse(text) as Record<string, unknown>;
    const evilName = '<img src=x onerror="window.__pwned=1">.json';
    const cases: Array<[string, string | Buffer, RegExp]> = [
      ['cut.json', text.slice(0, text.length / 2), /"cut\.json" was not opened: The file ends too early: it looks truncated/],
      ['old.json', JSON.stringify({ ...obj, version: WORLD_VERSION + 1 }), /made with a newer version of Trapsmith/],
      ['types.json', JSON.stringify({ ...obj, seed: 12, width: 'wide' }), /seed: expected text, got the number 12; width: expected a number, got text "wide"/],
      ['actions.json', JSON.stringify({ ...obj, actions: [{ type: 'teleport' }] }), /actions\[0\]\.type: unknown action type, got text "teleport"/],
      ['package.json', JSON.stringify({ name: 'trapsmith', version: '0.1.0' }), /not a Trapsmith replay or save/],
      ['huge.json', Buffer.alloc(LIMITS.fileChars + 1, 32), /The file is too large \(8,000,001 bytes/],
      [evilName, 'not json at all', /is not valid JSON/],
    ];
    for (const [name, content, message] of cases) {
      await openPanel(page);
      await page.setInputFiles('.share-file', { name, mimeType: 'application/json', buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) });
      await expect.poll(async () => (await notices(page)).join('\n'), { timeout: 10_000 }).toMatch(message);
      expect((await notices(page)).at(-1)).toMatch(/Your game and your saves are unchanged\.$/);
      expect(await shareHash(page)).toBe(hash);
      expect(await saveSlots(page)).toEqual(slots);
    }
    // The evil file name is shown as text.
    expect((await notices(page)).join('\n')).toContain(`"${evilName}" was not opened`);
    expect(await page.evaluate(() => document.querySelectorAll('.notices img').length)).toBe(0);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('offline', () => {
  it('after the first visit the site works with the server gone', async () => {
    const own = await serveDist('/trapsmith/', process.env.TRAPSMITH_DIST);
    const context = await newContext();
    const first = await open(`${own.url}?seed=offline&ruleset=cdda`, context);
    await first.page.waitForFunction(() => window.__trapsmithShare!.offline.status === 'ready', undefined, { timeout: 60_000 });
    await playKeys(first.page, 8, 1);
    const hash = await shareHash(first.page);
    await first.page.close();
    await own.close();
    // The server is gone: the page, its code and the lazily loaded Balance Lab come from the cache.
    const again = await open(`${own.url}?seed=offline&ruleset=cdda`, context);
    expect(await shareHash(again.page)).toBe(hash);
    await again.page.click('#tab-lab');
    await again.page.waitForTimeout(500);
    expect(await again.page.textContent('.lab-pane')).not.toMatch(/could not be loaded/);
    expect(again.errors).toEqual([]);
    await context.close();
  });
});

describe('the list of kept games (issue #39 items 8 and 21)', () => {
  it('a garbled list is made again from the games themselves, and the player is told; the kept-game notice is given once', async () => {
    const { page, context, errors } = await open(`${server.url}?seed=garbled-one&ruleset=d20`);
    await playKeys(page, 12, 7);
    const hash = await shareHash(page);
    await page.goto(`${server.url}?scenario=pit-corridor&seed=garbled-two`);
    await page.waitForFunction(() => window.__trapsmithShare?.ready === true);
    await playKeys(page, 4, 8);
    expect((await notices(page)).join('\n')).toMatch(/Your saved game \(.*seed garbled-one.*\) is kept/);
    // Told once: not again on every reload.
    await page.reload();
    await page.waitForFunction(() => window.__trapsmithShare?.ready === true);
    expect((await notices(page)).join('\n')).not.toMatch(/is kept: Share, Kept games/);
    for (const garbled of ['{"v":1,"games":[{"id":', '{"v":1,"games":{"0":"a game"},"damaged":[]}']) {
      await page.evaluate((text) => localStorage.setItem('trapsmith.saves.index', text), garbled);
      await page.reload();
      await page.waitForFunction(() => window.__trapsmithShare?.ready === true);
      expect((await notices(page)).join('\n')).toMatch(/The list of kept games in this browser was damaged; its 2 games were found again from their own data/);
      await openPanel(page);
      // A game on a hand-made level goes by its scenario's name.
      await expect
        .poll(() => keptRows(page))
        .toEqual(expect.arrayContaining([expect.stringMatching(/^"A corridor of pits" \(Cēaptūn\), seed garbled-two, turn \d+/), expect.stringMatching(/^d20 3\.5 SRD traps, seed garbled-one, turn \d+/)]));
      await page.keyboard.press('Escape');
    }
    await openPanel(page);
    await page.locator('.share-kept-game', { hasText: 'seed garbled-one' }).locator('.share-kept-resume').click();
    expect(await shareHash(page)).toBe(hash);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('a link made before a default changed (issue #39 item 9)', () => {
  it('an omega link made before healing became a default opens in the page at the world it recorded', async () => {
    const payload = readFileSync(new URL('../share/fixtures/omega-before-healing.link.txt', import.meta.url), 'utf8').trim();
    const inNode = decodeLink(payload);
    if (!inNode.ok) throw new Error(inNode.problem.message);
    const { page, context, errors } = await open(`${server.url}#g=${payload}`);
    expect(await shareHash(page)).toBe(inNode.value.hash);
    expect(await shareTurn(page)).toBe(inNode.value.turn);
    expect((await notices(page)).join('\n')).not.toMatch(/rules changed/);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
