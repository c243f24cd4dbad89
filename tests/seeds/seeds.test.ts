import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rulesText, SEED_FILES, seedText } from '../support/seeds.ts';

const SHARED = new URL('../../../shared/seeds/', import.meta.url);

describe('the source texts the tests read', () => {
  it.runIf(existsSync(SHARED))('are the shared originals, byte for byte', () => {
    for (const [ruleset, file] of Object.entries(SEED_FILES)) expect(seedText(ruleset as keyof typeof SEED_FILES), file).toBe(readFileSync(new URL(file, SHARED), 'utf8'));
    expect(rulesText()).toBe(readFileSync(new URL('../RULES.md', SHARED), 'utf8'));
  });

  it('are all here', () => {
    for (const ruleset of Object.keys(SEED_FILES)) expect(seedText(ruleset as keyof typeof SEED_FILES).length).toBeGreaterThan(1000);
  });
});
