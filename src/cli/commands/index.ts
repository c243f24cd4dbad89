/**
 * The command table: every `trapsmith` command, in the order `trapsmith --help` lists them. Each
 * command's module loads only when that command runs, so `trapsmith odds` does not pay for the
 * simulator's imports. This module imports no command module statically and never imports main.ts
 * (main.ts imports it). A Map, so a command line's first word is looked up among the commands
 * only (`constructor` is not one).
 */
import type { Command } from '../io.ts';

export interface CommandEntry {
  /** One line for `trapsmith --help`. */
  summary: string;
  load: () => Promise<Command>;
}

export type CommandTable = ReadonlyMap<string, CommandEntry>;

export const COMMANDS: CommandTable = new Map<string, CommandEntry>([
  ['map', { summary: 'print a level as text with its traps, or as data (--format json)', load: async () => (await import('./map.ts')).mapCommand }],
  ['seeds', { summary: 'find seeds whose levels have a property (--where EXPR)', load: async () => (await import('./seeds.ts')).seedsCommand }],
  ['odds', { summary: "a check's exact outcome probabilities", load: async () => (await import('./odds.ts')).oddsCommand }],
  ['traps', { summary: "a ruleset's trap table", load: async () => (await import('./traps.ts')).trapsCommand }],
  ['traits', { summary: "the traits a ruleset's actors may hold (a scenario's player.traits)", load: async () => (await import('./traits.ts')).traitsCommand }],
  ['design', { summary: 'a d20 trap designer: CR, price and Craft DC', load: async () => (await import('./design.ts')).designCommand }],
  ['sim', { summary: 'Monte Carlo runs of whole games, with 95% intervals', load: async () => (await import('./sim.ts')).simCommand }],
  ['merge', { summary: 'put together the shard files of one sim run (sim --shard i/n --out FILE)', load: async () => (await import('./merge.ts')).mergeCommand }],
  ['compare', { summary: 'rulesets or variants side by side on the same seeds', load: async () => (await import('./compare.ts')).compareCommand }],
  ['sweep', { summary: 'a 1-D or 2-D grid of exact odds', load: async () => (await import('./sweep.ts')).sweepCommand }],
  ['verify', { summary: "sample every odds check with the game's own sampler; --in-play: the checks games make", load: async () => (await import('./verify.ts')).verifyCommand }],
  ['assert', { summary: 'check the balance assertions', load: async () => (await import('./assert.ts')).assertCommand }],
  ['replay', { summary: 'play a replay file headlessly: its log and final hash', load: async () => (await import('./replay.ts')).replayCommand }],
]);
