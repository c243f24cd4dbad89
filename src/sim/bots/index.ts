/** The bots, by name. Every ruleset works with every bot: they use only the Ruleset interface and the events. */
import { lookupOrThrow } from '../../core/lookup.ts';
import { careful } from './careful.ts';
import { reckless } from './reckless.ts';
import { trapper } from './trapper.ts';
import type { BotInfo } from './types.ts';

export const BOTS: Readonly<Record<string, BotInfo>> = { reckless, careful, trapper };
export const BOT_NAMES = Object.keys(BOTS);

export function getBot(name: string): BotInfo {
  return lookupOrThrow('bot', BOTS, name);
}

export type { Bot, BotInfo } from './types.ts';
