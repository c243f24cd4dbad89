/**
 * The sweep form's defaults (src/ui/lab/sweepDefaults.ts): for every ruleset and every check a
 * sweep offers, and for every number input chosen as the varied one, the form as it starts reads
 * a whole range without an error (item: "Sweep fails with its own defaults"). The check that
 * reads it is the same `runSweep` the Lab's worker runs.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { getRuleset, listRulesets } from '../../src/core/registry.ts';
import { runSweep } from '../../src/sim/sweep.ts';
import { numberInputs, sweepableChecks, sweepStart } from '../../src/ui/lab/sweepDefaults.ts';

const rulesets = listRulesets()
  .map((r) => r.id)
  .filter((id) => !id.includes('~') && id !== 'test');

describe('the sweep form starts where the check reads', () => {
  it('covers the five rulesets', () => {
    expect(rulesets.sort()).toEqual(['cdda', 'ceaptun', 'd20', 'omega', 'wasteland']);
  });

  for (const ruleset of rulesets) {
    it(`${ruleset}: every check with a number input sweeps from its defaults, whichever input is varied`, () => {
      const checks = sweepableChecks(ruleset);
      // Every check with a number input is offered; one without (omega's search) is not.
      for (const [name, c] of Object.entries(getRuleset(ruleset).checks)) expect(checks.includes(name)).toBe(numberInputs(c).length > 0);
      expect(checks.length).toBeGreaterThan(0);
      for (const check of checks) {
        const c = getRuleset(ruleset).checks[check]!;
        const start = sweepStart(ruleset, check)!;
        expect(start, `${ruleset} ${check}`).not.toBeNull();
        // A required input the check has no default for is filled (cdda detect's visibility).
        for (const p of c.params) if (p.required && p.default === undefined && p.name !== start.vary) expect(start.fixed[p.name], `${ruleset} ${check} ${p.name}`).toBeDefined();
        for (const p of numberInputs(c)) {
          const s = p.name === start.vary ? start : sweepStart(ruleset, check, p.name)!;
          expect(s.vary).toBe(p.name);
          expect(s.range.to, `${ruleset} ${check} ${p.name}`).toBeGreaterThan(s.range.from);
          const r = runSweep(ruleset, check, s.fixed, [{ name: s.vary, ...s.range }]);
          expect(r.cells.length).toBe(s.range.to - s.range.from + 1);
        }
      }
    });
  }

  it('cdda detect starts with a visibility and varies it (the check needs one and has no default)', () => {
    const s = sweepStart('cdda', 'detect')!;
    expect(s.vary).toBe('visibility');
    expect(s.range).toEqual({ from: 0, to: expect.any(Number), step: 1 });
  });
});
