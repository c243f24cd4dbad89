/**
 * The Balance Lab on 1 and on 2 Web Workers in headless Chromium (#23: 2 workers at least 1.6× one
 * on the same games, with the same numbers): the built site (`npm run build` first) served from
 * dist/, a run of ceaptun games on 80×40 levels (1,000, or LAB_BENCH_GAMES), alternating 1 and
 * 2 workers for 3 rounds, wall clock from the Run press to "Done". Each run starts its workers and
 * each worker calibrates the careful bot (sim/bots/likely.ts): a fixed cost a short run does not
 * pay back, so the count is large enough for the games to dominate.
 */
import { launch } from '../tests/e2e/support/browser.ts';
import { serveDist } from '../tests/e2e/support/server.ts';

const GAMES = Number(process.env.LAB_BENCH_GAMES ?? 1000);

export async function runLabWorkersBench(): Promise<Record<string, string>> {
  const server = await serveDist();
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}?seed=bench&ruleset=ceaptun`);
    await page.waitForFunction(() => window.__trapsmith?.ready === true, undefined, { timeout: 30_000 });
    await page.click('#tab-lab');
    await page.waitForSelector('.lab button.lab-run', { timeout: 30_000 });
    await page.fill('input[name=runs]', String(GAMES));
    const time = async (workers: number): Promise<{ ms: number; text: string }> => {
      await page.fill('input[name=workers]', String(workers));
      await page.dispatchEvent('input[name=workers]', 'change');
      const t = Date.now();
      await page.click('button.lab-run');
      await page.waitForFunction((n) => new RegExp(`^Done: ${n} runs`).test(document.querySelector('.lab-form .lab-status')?.textContent ?? ''), GAMES, { timeout: 600_000, polling: 50 });
      return { ms: Date.now() - t, text: (await page.locator('.lab-results-box').textContent()) ?? '' };
    };
    const one: number[] = [];
    const two: number[] = [];
    let same = true;
    for (let round = 0; round < 3; round++) {
      const a = await time(1);
      const b = await time(2);
      one.push(a.ms);
      two.push(b.ms);
      same &&= a.text === b.text;
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1]!;
    return {
      [`1 worker, ${GAMES} games (ms, 3 rounds)`]: one.join(', '),
      [`2 workers, ${GAMES} games (ms, 3 rounds)`]: two.join(', '),
      'speed-up (medians)': `${(median(one) / median(two)).toFixed(2)}× (target ≥ 1.6×)`,
      'same results': same ? 'yes, every round' : 'NO',
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
