/** The bots, by name. Every ruleset works with every bot: they use only the Ruleset interface and the events. */
import { careful } from './careful.ts';
import { reckless } from './reckless.ts';
import { trapper } from './trapper.ts';
import type { BotInfo } from './types.ts';

export const BOTS: Readonly<Record<string, BotInfo>> = { reckless, careful, trapper };
export const BOT_NAMES = Object.keys(BOTS);

export function getBot(name: string): BotInfo {
  const b = BOTS[name];
  if (!b) throw new Error(`unknown bot "${name}" (known: ${BOT_NAMES.join(', ')})`);
  return b;
}

export type { Bot, BotInfo } from './types.ts';
