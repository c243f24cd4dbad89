/**
 * Every shipped trap file (examples/traps/*.json) reads without drift: `verify` on its ruleset
 * samples each check at its typical inputs, the step check at every floor kind of the file among
 * them, and finds every sampled frequency inside the exact reading's 99.9% interval.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { applyTrapFile } from '../../src/core/traps/files.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import { verifyAll } from '../../src/sim/verify.ts';

const DIR = new URL('../../examples/traps/', import.meta.url);
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

describe('the shipped trap files verify', () => {
  it('there are at least three, for more than one ruleset', () => {
    const rulesets = new Set(FILES.map((f) => parseTrapFile(readFileSync(new URL(f, DIR), 'utf8'), f).ruleset));
    expect(FILES.length).toBeGreaterThanOrEqual(3);
    expect(rulesets.size).toBeGreaterThanOrEqual(2);
  });

  for (const name of FILES) {
    it(`${name}: no drift, and every floor kind's step is among the checks sampled`, () => {
      const file = parseTrapFile(readFileSync(new URL(name, DIR), 'utf8'), name);
      const id = applyTrapFile(file, name);
      const report = verifyAll({ rulesets: [id], runs: 400 });
      expect(report.failures).toEqual([]);
      const stepped = new Set(report.items.filter((i) => i.check === 'step').map((i) => String(i.inputs.trap)));
      for (const kind of file.traps.filter((k) => k.hosts.includes('floor'))) expect(stepped, kind.id).toContain(kind.id);
    });
  }
});
