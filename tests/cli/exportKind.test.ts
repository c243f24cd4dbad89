/**
 * `trapsmith traps <ruleset> --export KIND`: every built-in kind of every ruleset written out as a
 * trap file of its own, read back through the file reader (`--traps`), plays and reads exactly as
 * the kind it came from: every odds check that names the kind gives the same fractions, and a
 * whole-game run on the same seeds gives the same report.
 */
import { describe, expect, it } from 'vitest';
import { getRuleset } from '../../src/core/registry.ts';
import type { CheckInputs, ParamSpec } from '../../src/core/ruleset.ts';
import { applyTrapFile } from '../../src/core/traps/files.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import { runOdds } from '../../src/sim/odds.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';
import { runCli } from '../support/cli.ts';
import { tempFile } from '../sim/cliHarness.ts';

/** A value for a required input the check has no default for: ten where a number may be ten (hit points), else its least. */
function someValue(p: ParamSpec): number | boolean | string | undefined {
  if (p.type === 'int' || p.type === 'number') return Math.min(p.max ?? 10, Math.max(p.min ?? 10, 10));
  if (p.type === 'boolean') return false;
  if (p.type === 'enum') return p.values?.[0];
  return undefined;
}

/** Each check of `rulesetId` that takes the kind as its `trap` input, with inputs for it (null: a required input with no value to give). */
function checksNaming(rulesetId: string, kind: string): Array<[string, CheckInputs]> {
  const out: Array<[string, CheckInputs]> = [];
  for (const [name, check] of Object.entries(getRuleset(rulesetId).checks)) {
    const trap = check.params.find((p) => p.name === 'trap');
    if (!trap || (trap.values && !trap.values.includes(kind))) continue;
    const inputs: CheckInputs = { trap: kind };
    let complete = true;
    for (const p of check.params)
      if (p.required && p.name !== 'trap' && p.default === undefined) {
        const v = someValue(p);
        if (v === undefined) complete = false;
        else inputs[p.name] = v;
      }
    if (complete) out.push([name, inputs]);
  }
  return out;
}

/** The odds of a check as fractions, or the message it refuses with. */
function fractions(rulesetId: string, check: string, inputs: CheckInputs): unknown {
  try {
    const r = runOdds(rulesetId, check, inputs);
    return { outcomes: Object.fromEntries(Object.entries(r.outcomes).map(([k, o]) => [k, o.exact ?? o.p])), mean: r.mean?.exact ?? null };
  } catch (e) {
    return `refused: ${(e as Error).message}`;
  }
}

describe('traps --export KIND', () => {
  it('prints one kind as a trap file; an unknown kind is refused naming the known ones', async () => {
    const r = await runCli(['traps', 'cdda', '--export', 'beartrap']);
    expect(r.code, r.err).toBe(0);
    const file = parseTrapFile(r.out, 'beartrap.json');
    expect(file.ruleset).toBe('cdda');
    expect(file.traps.map((k) => k.id)).toEqual(['beartrap']);
    const bad = await runCli(['traps', 'cdda', '--export', 'constructor']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--export: cdda has no trap kind "constructor" \(known: bubblewrap, beartrap, /);
    expect((await runCli(['traps', 'cdda', '--export', 'beartrap', '--format', 'json'])).code).toBe(2);
  });

  for (const rulesetId of RULESET_IDS) {
    it(`${rulesetId}: every kind, exported and read back, gives the same odds on every check that names it`, async () => {
      const kinds = getRuleset(rulesetId).traps.map((t) => t.id);
      expect(kinds.length).toBeGreaterThan(0);
      let compared = 0;
      for (const kind of kinds) {
        const printed = await runCli(['traps', rulesetId, '--export', kind]);
        expect(printed.code, `${kind}: ${printed.err}`).toBe(0);
        const played = applyTrapFile(parseTrapFile(printed.out, `${kind}.json`), `${kind}.json`);
        for (const [check, inputs] of checksNaming(rulesetId, kind)) {
          expect(fractions(played, check, inputs), `${rulesetId} ${check} ${JSON.stringify(inputs)}`).toEqual(fractions(rulesetId, check, inputs));
          compared++;
        }
      }
      // Each kind is read by at least its step check.
      expect(compared).toBeGreaterThanOrEqual(kinds.length);
    });

    it(`${rulesetId}: its kinds, exported one by one into one file, play the same games on the same seeds`, async () => {
      const files = await Promise.all(getRuleset(rulesetId).traps.map(async (t) => parseTrapFile((await runCli(['traps', rulesetId, '--export', t.id])).out, `${t.id}.json`)));
      const merged = tempFile(`${rulesetId}-exported.json`, { ...files[0]!, name: `${rulesetId} exported kinds`, traps: files.flatMap((f) => f.traps) });
      const run = async (extra: string[]) => {
        const r = await runCli(['sim', '--ruleset', rulesetId, '--runs', '12', '--seed-start', '3', '--bot', 'reckless', '--quiet', '--format', 'json', ...extra]);
        expect(r.code, r.err).toBe(0);
        const { id: _id, traps: _traps, ...report } = JSON.parse(r.out) as Record<string, unknown>;
        return report;
      };
      expect(await run(['--traps', merged])).toEqual(await run([]));
    });
  }
});
