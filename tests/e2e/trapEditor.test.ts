/**
 * The Balance Lab's trap editor in the built site (headless Debian Chromium; `npm run build`
 * first): Cēaptūn's pit trap picked as the start, its damage changed in the form, the death odds
 * on the page equal to what counting the dice and `runOdds` of the file applied in Node say; bad
 * JSON, a 10 MB paste and `__proto__` named by field with the last good odds kept, the game and the
 * saves untouched; the file downloaded as shown; the edited file simulated in the Lab's worker
 * against the ruleset, edited again and simulated again (a fresh worker: the first registered the
 * file's name with other kinds); Play it starts a game on the file.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { chanceText } from '../../src/core/stepOdds.ts';
import type { TrapFile } from '../../src/core/traps/definition.ts';
import { applyTrapFile } from '../../src/core/traps/files.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { type OpenedPage, openGame } from './support/browser.ts';
import { builtSite } from './support/site.ts';

const site = builtSite();

const editor = '.lab-trap-editor';
const deathCell = `${editor} tr[data-kind=pit] td[data-outcome=death]`;
const damageField = `${editor} input[name="trap-traps.0.effect.damage"]`;
const statusText = (page: Page) => page.textContent('.lab-status[role=status]');

/**
 * The death odds of a Cēaptūn pit of `damage` at `hp`, worked out here: the file applied as a
 * ruleset in Node and read by the CLI's reader (the page reads `withKinds` of its own copy).
 */
function nodeDeath(damage: string, hp: number): string {
  const pit = getRuleset('ceaptun').traps.find((t) => t.id === 'pit')!.kind!;
  const file: TrapFile = { format: 'trapsmith-traps', version: 1, ruleset: 'ceaptun', name: `Node pit ${damage}`, traps: [{ ...pit, effect: { ...pit.effect, damage } as typeof pit.effect }] };
  const death = runOdds(applyTrapFile(file), 'step', { trap: 'pit', hp }).outcomes.death!;
  const [num, den] = death.exact!.split('/').map((n) => BigInt(n)) as [bigint, bigint];
  return chanceText({ p: death.p, exact: { num, den } });
}

describe('the trap editor of the Balance Lab', () => {
  let opened: OpenedPage;
  let page: Page;

  beforeAll(async () => {
    opened = await openGame(site.browser, `${site.server.url}?seed=trapeditor&ruleset=ceaptun&w=60&h=30`);
    page = opened.page;
    await page.click('#tab-lab');
    await page.waitForSelector(`${editor} summary`, { timeout: 30_000 });
    await page.click(`${editor} summary`);
  }, 60_000);

  afterAll(async () => {
    await opened?.context.close();
  });

  it('shows exact odds that follow a form edit of a built-in kind, as Node computes them', async () => {
    expect(await page.inputValue(`${editor} select[name=trap-ruleset]`)).toBe('ceaptun');
    await page.selectOption(`${editor} select[name=trap-start]`, 'kind:pit');
    await page.fill(`${editor} input[name=odds-hp]`, '6');
    // The pit as built in: 1d2 at danger 0 cannot kill 6 hit points.
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === '0%', deathCell);
    expect(await page.inputValue(damageField)).toBe('1d2, 1d4, 1d6, 2d4, 2d6, 3d6, 4d6');

    await page.fill(damageField, '2d4');
    // Counted by hand: 2d4 >= 6 on (2,4) (3,3) (4,2) (3,4) (4,3) (4,4): 6 of 16.
    let kills = 0;
    for (let a = 1; a <= 4; a++) for (let b = 1; b <= 4; b++) if (a + b >= 6) kills++;
    expect(kills).toBe(6);
    const expected = nodeDeath('2d4', 6);
    expect(expected).toBe('38% (3/8)');
    await page.waitForFunction(([sel, want]) => document.querySelector(sel!)?.textContent === want, [deathCell, expected] as const, { timeout: 10_000 });
    // The form rewrote the JSON.
    expect(JSON.parse(await page.inputValue(`${editor} textarea[name=trap-json]`)).traps[0].effect.damage).toBe('2d4');
    expect(await page.textContent(`${editor} .lab-trap-left-out`)).toContain('Not counted: the actions lost climbing out');

    // A bad input is named; another hit points: the reading follows the input too.
    await page.fill(`${editor} input[name=odds-hp]`, '0');
    await page.waitForFunction(() => /“hp” must be from 1 to/.test(document.querySelector('.lab-trap-odds-problem')?.textContent ?? ''));
    await page.fill(`${editor} input[name=odds-hp]`, '8');
    await page.waitForFunction(([sel, want]) => document.querySelector(sel!)?.textContent === want, [deathCell, nodeDeath('2d4', 8)] as const);
  });

  it('names the field of bad JSON and keeps the last good state, the game and the saves untouched; a form edit mends it', async () => {
    const json = `${editor} textarea[name=trap-json]`;
    const gameAndSaves = () =>
      page.evaluate(() => JSON.stringify({ game: [window.__trapsmith!.seed, window.__trapsmith!.ruleset, window.__trapsmith!.turn], saves: Object.entries(localStorage).sort() }));
    const before = await gameAndSaves();
    const good = JSON.parse(await page.inputValue(json));
    good.traps[0].effect.damage = 'lots';
    await page.fill(json, JSON.stringify(good, null, 2));
    await page.waitForFunction(() => /traps\[0\]\.effect\.damage: .*dice/.test(document.querySelector('.lab-trap-problems')?.textContent ?? ''));
    // The form and the odds keep the last file that read.
    expect(await page.inputValue(damageField)).toBe('2d4');
    expect(await page.textContent(deathCell)).toBe(nodeDeath('2d4', 8));
    await page.fill(json, '{"format": "trapsmith-traps", ');
    await page.waitForFunction(() => /not valid JSON/.test(document.querySelector('.lab-trap-problems')?.textContent ?? ''));
    await page.fill(json, JSON.stringify({ ...good, ruleset: 'chess', traps: [{ ...good.traps[0], effect: { ...good.traps[0].effect, damage: '2d4' } }] }));
    await page.waitForFunction(() => /ruleset: "chess" is not a ruleset that plays trap files/.test(document.querySelector('.lab-trap-problems')?.textContent ?? ''));
    // A 10 MB paste and a `__proto__` key: refused, naming why; nothing polluted. The big text
    // never stays in the box (laying it out would hold the page for many seconds).
    const pasted = await page.$eval(json, (t) => {
      const data = new DataTransfer();
      data.setData('text/plain', `{"pad": "${'x'.repeat(10 * 1024 * 1024)}"}`);
      const e = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      t.dispatchEvent(e);
      return { refused: e.defaultPrevented, length: (t as HTMLTextAreaElement).value.length };
    });
    expect(pasted.refused).toBe(true);
    expect(pasted.length).toBeLessThan(10_000);
    expect(await page.textContent(`${editor} .lab-trap-problems`)).toMatch(/the file is 10485771 bytes, at most 262144 \(limit\)/);
    const typedIn = await page.$eval(json, (t) => {
      (t as HTMLTextAreaElement).value = 'x'.repeat(10 * 1024 * 1024);
      t.dispatchEvent(new Event('input', { bubbles: true }));
      return (t as HTMLTextAreaElement).value;
    });
    expect(JSON.parse(typedIn).traps[0].effect.damage).toBe('2d4');
    const mended = JSON.stringify({ ...good, traps: [{ ...good.traps[0], effect: { ...good.traps[0].effect, damage: '2d4' } }] });
    await page.fill(json, mended.replace('"numbers":{', '"numbers":{"__proto__":{"polluted":true},'));
    await page.waitForFunction(() => /__proto__: "__proto__" cannot be a name here/.test(document.querySelector('.lab-trap-problems')?.textContent ?? ''));
    expect(await page.evaluate(() => (Object.prototype as { polluted?: boolean }).polluted)).toBeUndefined();
    expect(await page.textContent(deathCell)).toBe(nodeDeath('2d4', 8));
    expect(await gameAndSaves()).toBe(before);
    // The buttons act on the file as shown: not while it does not read.
    await page.click(`${editor} button.lab-trap-simulate`);
    expect(await page.textContent(`${editor} .lab-trap-status`)).toMatch(/Mend the problems/);
    // A form edit writes the JSON from the form again: a bad one is named and acts on nothing…
    await page.fill(damageField, '2d4, lots');
    await page.waitForFunction(() => /traps\[0\]\.effect\.damage\[1\]: expected dice like "2d6", got "lots"/.test(document.querySelector('.lab-trap-problems')?.textContent ?? ''));
    expect(JSON.parse(await page.inputValue(json)).traps[0].effect.damage).toEqual(['2d4', 'lots']);
    await page.click(`${editor} button.lab-trap-download`);
    expect(await page.textContent(`${editor} .lab-trap-status`)).toMatch(/Mend the problems/);
    expect(await page.textContent(deathCell)).toBe(nodeDeath('2d4', 8));
    // …and a good one mends it.
    await page.fill(damageField, '2d4');
    await page.waitForFunction(() => (document.querySelector('.lab-trap-problems')?.childElementCount ?? 1) === 0);
    expect(JSON.parse(await page.inputValue(json)).ruleset).toBe('ceaptun');
    expect(opened.errors).toEqual([]);
  });

  it('downloads the file as shown, named from its name', async () => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`${editor} button.lab-trap-download`)]);
    expect(dl.suggestedFilename()).toBe('my-pit.json');
    const text = readFileSync((await dl.path())!, 'utf8');
    expect(JSON.parse(text)).toEqual(JSON.parse(await page.inputValue(`${editor} textarea[name=trap-json]`)));
    expect(parseTrapFile(text).traps[0]!.effect).toMatchObject({ do: 'fall', damage: '2d4' });
  });

  it('simulates the edited file in the Lab against the ruleset, and again after another edit', async () => {
    await page.fill('input[name=runs]', '20');
    await page.click(`${editor} button.lab-trap-simulate`);
    await page.waitForFunction(() => /Done: 20 runs under 2 columns/.test(document.querySelector('.lab-status[role=status]')!.textContent ?? ''), undefined, { timeout: 120_000 });
    const results = await page.textContent('.lab-results');
    expect(results).toContain('ceaptun+my-pit');
    expect(results).toMatch(/Every column played the same first levels/);

    // The worker registered "My pit" with 2d4: an edit of it plays in a fresh worker.
    await page.fill(damageField, '3d4');
    await page.waitForFunction(([sel, want]) => document.querySelector(sel!)?.textContent === want, [deathCell, nodeDeath('3d4', 8)] as const);
    await page.click(`${editor} button.lab-trap-simulate`);
    await page.waitForFunction(() => /Done: 20 runs under 2 columns|failed/.test(document.querySelector('.lab-status[role=status]')!.textContent ?? ''), undefined, { timeout: 120_000 });
    expect(await statusText(page)).toMatch(/Done: 20 runs under 2 columns/);
    expect(opened.errors).toEqual([]);
  });

  it('Play it starts a game on the file', async () => {
    await page.click(`${editor} button.lab-trap-play`);
    await page.waitForFunction(() => window.__trapsmith?.ruleset === 'ceaptun+my-pit', undefined, { timeout: 30_000 });
    expect(await page.getAttribute('#tab-game', 'aria-selected')).toBe('true');
    expect(opened.errors).toEqual([]);
  });

  it('opens a d20 spell trap as data: its area and save in the form, its damage said once in its numbers, the odds following that number', async () => {
    await page.click('#tab-lab');
    await page.selectOption(`${editor} select[name=trap-ruleset]`, 'd20');
    await page.selectOption(`${editor} select[name=trap-start]`, 'kind:glyph_blast');
    const dc = `${editor} input[name="trap-traps.0.effect.save.dc"]`;
    await page.waitForSelector(dc);
    expect(await page.inputValue(dc)).toBe('#save-dc');
    expect(await page.inputValue(`${editor} input[name="trap-traps.0.effect.damage"]`)).toBe('#damage');
    await page.fill(`${editor} input[name=odds-hp]`, '9');
    const glyphDeath = `${editor} tr[data-kind=glyph_blast] td[data-outcome=death]`;
    const node = (damage: string): string => {
      const glyph = getRuleset('d20').traps.find((t) => t.id === 'glyph_blast')!.kind!;
      const file: TrapFile = { format: 'trapsmith-traps', version: 1, ruleset: 'd20', name: `Node glyph ${damage}`, traps: [{ ...glyph, numbers: { ...glyph.numbers, damage } }] };
      const death = runOdds(applyTrapFile(file), 'step', { trap: 'glyph_blast', hp: 9 }).outcomes.death!;
      const [num, den] = death.exact!.split('/').map((n) => BigInt(n)) as [bigint, bigint];
      return chanceText({ p: death.p, exact: { num, den } });
    };
    await page.waitForFunction(([sel, want]) => document.querySelector(sel!)?.textContent === want, [glyphDeath, node('2d8')] as const, { timeout: 10_000 });
    // The damage is the kind's number: changing it there moves the effect (and the CR the tables give).
    expect(node('6d8')).not.toBe(node('2d8'));
    await page.fill(`${editor} input[name="trap-traps.0.numbers.damage"]`, '6d8');
    await page.waitForFunction(([sel, want]) => document.querySelector(sel!)?.textContent === want, [glyphDeath, node('6d8')] as const, { timeout: 10_000 });
    expect(opened.errors).toEqual([]);
  });
});
