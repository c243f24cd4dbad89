import { describe, expect, it } from 'vitest';
import { parseCell } from '../../src/ui/lab/variantEditor.ts';
import { parseVariant } from '../../src/sim/variants.ts';

describe('a variant table cell typed in the lab', () => {
  it('reads numbers, true/false and dice; text in a number column stays text, so the refusal names it', () => {
    expect(parseCell(' 14 ', 12)).toBe(14);
    expect(parseCell('true', false)).toBe(true);
    expect(parseCell('2d6+1', '1d6')).toBe('2d6+1');
    expect(parseCell('', null)).toBeNull();
    expect(parseCell('hard', 12)).toBe('hard');
    expect(parseCell('', 12)).toBe('');
    const bad = () => parseVariant({ name: 'v', ruleset: 'test', traps: { spike: { difficulty: parseCell('hard', 7) } } }, 'variant');
    expect(bad).toThrow('variant: traps.spike.difficulty: expected a number like 7, got "hard"');
  });
});
