/**
 * A trap file's own kinds in a whole-game sweep and in compare, like the built-ins: `sim --traps
 * FILE --vary traps.KIND.COLUMN=…` (and a scenario carrying the file), `--variant` and
 * `compare --traps FILE --variants` changing the file's kinds. A point of the sweep is the column
 * compare plays for a variant file of that value on the trap file, on the same seeds.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { runCli as run } from '../support/cli.ts';
import { thornPlatesFile } from '../support/trapFiles.ts';

const dir = mkdtempSync(join(tmpdir(), 'trapsmith-sweep-file-'));
const write = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};

// A designer's kind no built-in has: Cēaptūn's pit under another id (a fall, damage by tier).
const trapFile = thornPlatesFile(3);
const filePath = write('thorns.json', trapFile);
// The corridor of pits with thorn plates in their place, a hero of 2 hit points: the plate's difficulty decides games.
const corridor = JSON.parse(readFileSync('examples/scenarios/pit-corridor.json', 'utf8')) as { traps: Array<{ kind: string }> };
const thorny = write('thorny.json', {
  ...corridor,
  player: { hp: 2 },
  trapFile,
  traps: corridor.traps.map((t) => (t.kind === 'pit' ? { ...t, kind: 'thorn_plate' } : t)),
});
const variantFile = (name: string, difficulty: number) => write(`${name}.json`, { name, ruleset: 'ceaptun', traps: { thorn_plate: { difficulty } } });

type Column = { run: { trapDeath: { k: number; n: number } }; kinds: unknown };
type Report = { vary: Array<{ path: string; values: number[] }>; columns: Column[]; rulesets?: unknown };

describe("a trap file's kinds swept and compared like the built-ins", () => {
  it('sim --vary on a scenario carrying the file: each point is the column compare plays for a variant of that value', async () => {
    const common = ['--scenario', thorny, '--bot', 'reckless', '--runs', '60', '--quiet', '--format', 'json'];
    const r = await run(['sim', ...common, '--vary', 'traps.thorn_plate.difficulty=5..45:40']);
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as Report;
    expect(report.vary).toEqual([{ path: 'traps.thorn_plate.difficulty', values: [5, 45] }]);
    // The file's kind is played at each value: easy plates are stepped past, hard ones kill.
    const deaths = report.columns.map((c) => c.run.trapDeath.k);
    expect(deaths[1]!).toBeGreaterThan(deaths[0]!);
    const c = await run(['compare', ...common, '--variants', `${variantFile('d5', 5)},${variantFile('d45', 45)}`]);
    expect(c.code, c.err).toBe(0);
    const compared = JSON.parse(c.out) as Report;
    expect(report.columns[0]!.run).toEqual(compared.columns[1]!.run);
    expect(report.columns[1]!.run).toEqual(compared.columns[2]!.run);
    expect(report.columns[1]!.kinds).toEqual(compared.columns[2]!.kinds);
  });

  it('sim --traps FILE --vary and --variant take the file’s kinds; compare --traps FILE --variants plays them on the file', async () => {
    const common = ['--ruleset', 'ceaptun', '--traps', filePath, '--bot', 'reckless', '--runs', '20', '--quiet', '--format', 'json'];
    // A list of values (=a,b) as well as a range.
    const swept = await run(['sim', ...common, '--vary', 'traps.thorn_plate.difficulty=45,5', '--vary', 'set.monsters=0..4:4']);
    expect(swept.code, swept.err).toBe(0);
    expect((JSON.parse(swept.out) as Report).vary).toEqual([
      { path: 'traps.thorn_plate.difficulty', values: [45, 5] },
      { path: 'set.monsters', values: [0, 4] },
    ]);
    expect((JSON.parse(swept.out) as Report).columns).toHaveLength(4);
    const twice = await run(['sim', ...common, '--vary', 'traps.thorn_plate.difficulty=5,5']);
    expect(twice.code).toBe(2);
    expect(twice.err).toMatch(/--vary traps\.thorn_plate\.difficulty: 5 is given twice/);
    const hard = variantFile('hard', 45);
    const one = await run(['sim', ...common, '--variant', hard]);
    expect(one.code, one.err).toBe(0);
    const cmp = await run(['compare', '--traps', filePath, '--variants', hard, '--bot', 'reckless', '--runs', '20', '--quiet', '--format', 'json']);
    expect(cmp.code, cmp.err).toBe(0);
    const columns = (JSON.parse(cmp.out) as Report).columns;
    // ceaptun, ceaptun with the file, the file's kinds made harder: that column is sim --variant's.
    expect(columns).toHaveLength(3);
    expect(columns[2]!.run).toEqual((JSON.parse(one.out) as { run: unknown }).run);
    // A kind neither the ruleset nor the file has is still refused, naming it.
    const bad = await run(['sim', ...common, '--vary', 'traps.thorn_spike.difficulty=1..2']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/traps\.thorn_spike: no such trap in ceaptun\+thorn-plates \(traps: .*thorn_plate\)/);
  });
});

describe("a variant of a trap file's ruleset", () => {
  it("keeps what the file gave its kinds: the rig menu's own kinds and the kind's own odds checks", async () => {
    const { parseTrapFile } = await import('../../src/core/traps/schema.ts');
    const { applyTrapFile } = await import('../../src/core/traps/files.ts');
    const { applyVariant, parseVariant } = await import('../../src/sim/variants.ts');
    const { getRuleset } = await import('../../src/core/registry.ts');
    const file = parseTrapFile(readFileSync('examples/traps/poison-and-tar.json', 'utf8'), 'poison-and-tar.json');
    const on = applyTrapFile(file);
    const variant = applyVariant(parseVariant({ name: 'stiff needle', ruleset: 'ceaptun', traps: { viper_needle: { difficulty: 30 } } }, 'v', on), on).rulesetId;
    const played = getRuleset(variant);
    expect(played.traps.find((t) => t.id === 'viper_needle')?.columns.difficulty).toBe(30);
    expect(Object.keys(played.checks)).toEqual(Object.keys(getRuleset(on).checks));
    expect(Object.keys(played.checks)).toContain('kind-rig');
    // The rig menu, as the file's ruleset has it, offers the needle under the variant too.
    expect(played.rig).not.toBe(getRuleset('ceaptun').rig);
  });
});
