/**
 * The five source texts and the rule book, for tests that take their expected numbers from them.
 * The tests read a copy kept in tests/seeds/ (so a clone tests alone); `seeds.test.ts` holds the
 * copy to the shared originals (../shared/ beside the project) wherever those are present.
 */
import { readFileSync } from 'node:fs';

export const SEED_FILES = {
  cdda: '000_e844c2b736ddbf00.txt',
  omega: '001_af746c036e5c242d.txt',
  ceaptun: '002_dae4a84f78a20558.txt',
  d20: '003_6be79dfe90a3a19f.txt',
  wasteland: '004_6e5f75a26ae17313.txt',
} as const;

/** The text of one ruleset's source, as given. */
export function seedText(ruleset: keyof typeof SEED_FILES): string {
  return readFileSync(new URL(`../seeds/${SEED_FILES[ruleset]}`, import.meta.url), 'utf8');
}

/** The rule book (RULES.md): the formulas checked against the games, and the sandbox defaults. */
export function rulesText(): string {
  return readFileSync(new URL('../seeds/RULES.md', import.meta.url), 'utf8');
}
