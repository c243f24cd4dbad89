/**
 * The Lab's messages speak of fields, not flags (src/ui/lab/words.ts): every refusal a sweep of
 * any check can give for its inputs, worded by the checks for the command line, reaches the page
 * with each `--name` as the field's name in quotes; and a bad variant names every problem.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { getRuleset, listRulesets } from '../../src/core/registry.ts';
import { runSweep } from '../../src/sim/sweep.ts';
import { parseVariant, VariantError } from '../../src/sim/variants.ts';
import { fieldWords } from '../../src/ui/lab/words.ts';

const FLAG = /--[a-z]/i;
const rulesets = listRulesets()
  .map((r) => r.id)
  .filter((id) => !id.includes('~') && id !== 'test');

/** The message a call throws. */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('messages in field words', () => {
  it('names the field of a missing input, a bad range and an unknown input', () => {
    const missing = refusal(() => runSweep('cdda', 'detect', {}, [{ name: 'per', from: 0, to: 2, step: 1 }]));
    expect(missing).toMatch(/needs --visibility/);
    expect(fieldWords(missing)).toMatch(/^check detect needs “visibility” \(/);
    const step = refusal(() => runSweep('ceaptun', 'disarm', {}, [{ name: 'difficulty', from: 0, to: 2, step: 0 }]));
    expect(fieldWords(step)).toBe('difficulty: the step must not be 0');
    const outside = refusal(() => runSweep('ceaptun', 'disarm', { modifier: '1' }, [{ name: 'difficulty', from: 0, to: 300, step: 1 }]));
    expect(fieldWords(outside)).toBe('difficulty: “difficulty” must be from 0 to 200, got 300');
    expect(fieldWords('--x and --y-z', (n) => (n === 'x' ? 'Ex' : undefined))).toBe('“Ex” and “y-z”');
  });

  it('leaves no flag in any refusal of any check of any ruleset (every input missing, every input out of range)', () => {
    let seen = 0;
    for (const r of rulesets) {
      for (const [name, c] of Object.entries(getRuleset(r).checks)) {
        const numbers = c.params.filter((p) => p.type === 'int' || p.type === 'number');
        if (numbers.length === 0) continue;
        const first = numbers[0]!;
        const messages = [refusal(() => runSweep(r, name, {}, [{ name: first.name, from: 0, to: 1, step: 0 }]))];
        for (const p of numbers) {
          if (p.max !== undefined) messages.push(refusal(() => runSweep(r, name, {}, [{ name: p.name, from: p.max!, to: p.max! + 1, step: 1 }])));
          // The inputs alone, none given: a required one is missing (or the check wants one of several).
          try {
            runSweep(r, name, {}, [{ name: p.name, from: p.min ?? 0, to: (p.min ?? 0) + 1, step: 1 }]);
          } catch (e) {
            messages.push((e as Error).message);
          }
        }
        for (const m of messages) {
          expect(fieldWords(m), m).not.toMatch(FLAG);
          seen += FLAG.test(m) ? 1 : 0;
        }
      }
    }
    // The checks do word their refusals with flags: the test reads real ones.
    expect(seen).toBeGreaterThan(20);
  });
});

describe('a bad variant names every problem', () => {
  it('every bad setting and cell, each with its path, not only the first', () => {
    const bad = { name: 'two wrongs', ruleset: 'ceaptun', settings: { nope: 1 }, traps: { arrow: { difficulty: 'hard' }, spear: { difficulty: 1.5, nocolumn: 2 }, ghost: { damage: 1 } } };
    let err: unknown;
    try {
      parseVariant(bad, 'mine.json');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(VariantError);
    const issues = (err as VariantError).issues;
    expect(issues.every((i) => i.startsWith('mine.json: '))).toBe(true);
    expect(issues.map((i) => i.split(': ')[1])).toEqual(['settings.nope', 'traps.arrow.difficulty', 'traps.spear.difficulty', 'traps.spear.nocolumn', 'traps.ghost']);
    expect((err as VariantError).message).toBe(`mine.json: ${issues.map((i) => i.slice('mine.json: '.length)).join('; ')}`);
  });

  it('every zod issue of a malformed file, each with its path', () => {
    let err: unknown;
    try {
      parseVariant({ name: '', ruleset: 3, settings: { a: [] }, extra: true }, 'f.json');
    } catch (e) {
      err = e;
    }
    const paths = (err as VariantError).issues.map((i) => i.split(': ')[1]);
    expect(paths).toEqual(expect.arrayContaining(['name', 'ruleset', 'settings.a', '(top level)']));
    expect(paths.length).toBeGreaterThanOrEqual(4);
  });
});
