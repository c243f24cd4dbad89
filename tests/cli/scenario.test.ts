/**
 * `--scenario FILE` on the command line: `map` draws the hand-made level, `sim` plays games on it
 * (the same report with 1 and 2 workers), and a bad file or a flag the scenario overrides exits 2
 * naming what is wrong.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { readFileSync } from 'node:fs';
import { main } from '../../src/cli/main.ts';
import { tempFile } from '../sim/cliHarness.ts';
import type { CliIO } from '../../src/cli/io.ts';

const FILE = 'examples/scenarios/pit-corridor.json';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => '' };
  return { out, err, cli };
}

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const r = io();
  const code = await main(argv, r.cli);
  return { code, out: r.out.join('\n'), err: r.err.join('\n') };
}

describe('--scenario', () => {
  it('map draws the level as the file has it, with its traps in the legend', async () => {
    const r = await run(['map', '--scenario', FILE]);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[3]).toBe("#..@..'.^.^.^#...#");
    expect(lines.filter((l) => l.startsWith('^ '))).toEqual(['^   8,2   pit (hidden)', '^  10,2   pit (hidden)', '^  12,2   spear trap (known)', '^  12,3   pit (hidden)']);
    const json = JSON.parse((await run(['map', '--scenario', FILE, '--format', 'json'])).out) as { rooms: unknown[]; traps: Array<{ corridor: boolean }> };
    expect(json.rooms).toEqual([]);
    expect(json.traps.every((t) => !t.corridor)).toBe(true);
  });

  it('sim plays every game on it (only its traps met, its one-cell corridor’s pits in every game); 1 and 2 workers give the same report', async () => {
    const argv = ['sim', '--scenario', FILE, '--runs', '24', '--bot', 'reckless', '--format', 'json', '--quiet'];
    const one = await run(argv);
    expect(one.code, one.err).toBe(0);
    const report = JSON.parse(one.out) as { scenario: string; ruleset: string; kinds: Array<{ kind: string; counts: { encounters: number } }> };
    expect(report.scenario).toBe('A corridor of pits');
    expect(report.ruleset).toBe('ceaptun');
    const met = Object.fromEntries(report.kinds.map((k) => [k.kind, k.counts.encounters]));
    // The corridor is one cell wide at its first two pits: every game meets both (24 games).
    expect(met.pit).toBeGreaterThanOrEqual(48);
    expect(met.spear).toBeGreaterThan(0);
    expect(Object.keys(met).sort()).toEqual(['pit', 'spear']);
    const two = await run([...argv, '--workers', '2']);
    expect(two.code, two.err).toBe(0);
    expect(two.out).toBe(one.out);
  });

  it('refuses a flag the scenario brings itself, a ruleset it is not for, and a bad file', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['sim', '--scenario', FILE, '--width', '60'], /--width: a scenario brings its own/],
      [['sim', '--scenario', FILE, '--ruleset', 'd20'], /it is a level for ceaptun, not d20/],
      [['sim', '--scenario', FILE, '--traps', 'examples/traps/net.json'], /--traps: a scenario brings its own \(its trapFile\)/],
      [['map', '--scenario', FILE, '--ruleset', 'ceaptun'], /--ruleset: a scenario brings its own/],
      [['map', '--scenario', 'no/such/file.json'], /--scenario: cannot read no\/such\/file\.json: ENOENT/],
      [['map', '--scenario', 'package.json'], /--scenario package\.json: format: /],
    ];
    for (const [argv, message] of cases) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });

  it("refuses a player trait its ruleset does not declare, naming the field and the known ones (map and sim, exit 2)", async () => {
    const file = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
    for (const name of ['nope', 'constructor']) {
      const path = tempFile(`trait-${name}.json`, { ...file, player: { traits: { [name]: 1 } } });
      for (const argv of [['map', '--scenario', path], ['sim', '--scenario', path, '--runs', '2', '--quiet']]) {
        const r = await run(argv);
        expect(r.code, argv.join(' ')).toBe(2);
        expect(r.err).toMatch(new RegExp(`player\\.traits\\.${name}: ceaptun has no trait "${name}" \\(its traits: [^)]*\\bdisableDevice\\b`));
      }
    }
  });

  it('traits lists every trait a scenario may give, with its kind and range: the names the refusal gives', async () => {
    const r = await run(['traits', 'ceaptun']);
    expect(r.code, r.err).toBe(0);
    // ceaptun's settings: playerDex is 1 to 40.
    expect(r.out).toMatch(/^dex +a whole number from 1 to 40 +Dexterity/m);
    const path = tempFile('trait-typo.json', { ...(JSON.parse(readFileSync(FILE, 'utf8')) as object), player: { traits: { dexterity: 14 } } });
    const known = /\(its traits: ([^)]*)\)/.exec((await run(['map', '--scenario', path])).err)![1]!.split(', ');
    expect(known).toContain('passX');
    const listed = r.out.split('\n').slice(2).map((l) => l.split(/ +/)[0]);
    expect(listed).toEqual(known);
    const json = JSON.parse((await run(['traits', 'ceaptun', '--format', 'json'])).out) as { traits: Record<string, { kind: string }> };
    expect(json.traits.trapSense!.kind).toBe('boolean');
    expect((await run(['traits', 'nope'])).code).toBe(2);
  });
});
