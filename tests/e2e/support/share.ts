/** The game's share link as a user gets it (Share, Copy link), decoded: what the link carries. */
import type { Page } from 'playwright-core';
import { decodeLink, payloadOf } from '../../../src/share/index.ts';

export async function copiedLink(page: Page) {
  if (await page.locator('.share-panel').isHidden()) await page.click('.share-button');
  await page.click('.share-copy');
  const link = decodeLink(payloadOf(await page.inputValue('.share-link'))!);
  if (!link.ok) throw new Error(link.problem.message);
  return link.value;
}
