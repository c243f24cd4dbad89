/**
 * A designer's kinds' own checks on the command line (issue #39 item 14): `odds <ruleset>
 * kind-disarm` reads the kind's own numbers where a flag is left out (a file's difficulty 15 is
 * 15, not 0), the kinds' checks are in `odds <ruleset> --traps FILE`'s list, a check's --help
 * gives its own flags, and `verify --traps` samples every program a kind has (disarm, avoid,
 * spot, rig). Expected odds are counted by hand over the dice.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { runCli } from '../support/cli.ts';
import { tempFile } from '../sim/cliHarness.ts';

const OUTCOMES = [{ atLeast: 0, is: 'disarmed' }, { atLeast: -5, is: 'failed' }, { is: 'sprung' }];

const FILE = {
  format: 'trapsmith-traps',
  version: 1,
  ruleset: 'ceaptun',
  name: 'Kind checks cli',
  traps: [
    {
      id: 'stiff_latch',
      name: 'stiff latch',
      colour: '#c0c0ff',
      hosts: ['floor'],
      placement: { weight: 0 },
      charges: -1,
      numbers: { difficulty: 15 },
      disarm: { roll: '2d12', plus: ['modifier'], against: 'difficulty', outcomes: OUTCOMES },
      avoid: { roll: '1d20', plus: ['dodge'], against: 15, outcomes: [{ atLeast: 0, is: 'avoided' }, { is: 'triggered' }] },
      spot: { roll: '2d12', plus: ['modifier'], against: 'difficulty', outcomes: [{ atLeast: 0, is: 'found' }, { is: 'missed' }] },
      rig: { needs: [], check: { roll: '1d20', plus: ['dex'], against: 20, outcomes: [{ atLeast: 0, is: 'set' }, { atLeast: -4, is: 'failed' }, { is: 'sprung' }] } },
      effect: { do: 'damage', damage: '1' },
    },
  ],
};

/** The ways of 2d12 (of 144) at least `target`. */
function ways2d12(target: number): number {
  let n = 0;
  for (let a = 1; a <= 12; a++) for (let b = 1; b <= 12; b++) if (a + b >= target) n++;
  return n;
}

describe('a kind\'s own checks on the command line', () => {
  const path = tempFile('kind-checks.json', FILE);

  it('kind-disarm reads the kind\'s own difficulty (15) where --difficulty is left out, not 0', async () => {
    const r = await runCli(['odds', 'ceaptun', 'kind-disarm', '--trap', 'stiff_latch', '--modifier', '0', '--traps', path]);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    // 2d12 + 0 >= 15: disarmed; 10..14 failed; below 10 sprung.
    expect(out.outcomes.disarmed.p).toBeCloseTo(ways2d12(15) / 144, 12);
    expect(out.outcomes.sprung.p).toBeCloseTo((144 - ways2d12(10)) / 144, 12);
    expect(out.inputs.difficulty).toBe(15);
    // A flag given still wins.
    const given = JSON.parse((await runCli(['odds', 'ceaptun', 'kind-disarm', '--trap', 'stiff_latch', '--difficulty', '2', '--traps', path])).out);
    expect(given.outcomes.disarmed.exact).toBe('1/1');
  });

  it('kind-spot reads the kind\'s own difficulty too; kind-avoid reads the step inputs', async () => {
    const spot = JSON.parse((await runCli(['odds', 'ceaptun', 'kind-spot', '--trap', 'stiff_latch', '--modifier', '3', '--traps', path])).out);
    expect(spot.outcomes.found.p).toBeCloseTo(ways2d12(12) / 144, 12);
    const avoid = JSON.parse((await runCli(['odds', 'ceaptun', 'kind-avoid', '--trap', 'stiff_latch', '--dodge', '4', '--traps', path])).out);
    // 1d20 + 4 >= 15: 11..20, 10 of 20.
    expect(avoid.outcomes.avoided.exact).toBe('1/2');
  });

  it('kind-rig reads the trait of the character the ruleset makes where --dex is left out', async () => {
    const at = async (extra: string[]) => JSON.parse((await runCli(['odds', 'ceaptun', 'kind-rig', '--trap', 'stiff_latch', ...extra, '--traps', path])).out);
    const dflt = await at([]);
    const dex = dflt.inputs.dex as number;
    expect(dex).toBeGreaterThan(0);
    expect(dflt.outcomes).toEqual((await at(['--dex', String(dex)])).outcomes);
  });

  it('odds <ruleset> --traps FILE lists the kinds\' checks with their flags; a check\'s --help gives its flags', async () => {
    const list = await runCli(['odds', 'ceaptun', '--traps', path]);
    expect(list.code, list.err).toBe(0);
    for (const name of ['kind-disarm', 'kind-avoid', 'kind-spot', 'kind-rig']) expect(list.out).toMatch(new RegExp(`^ {2}${name} {2}--trap <enum>`, 'm'));
    for (const flag of ['--help', '-h']) {
      const help = await runCli(['odds', 'ceaptun', 'kind-disarm', flag, '--traps', path]);
      expect(help.code, help.err).toBe(0);
      expect(help.out).toMatch(/^Usage: trapsmith odds ceaptun kind-disarm/);
      expect(help.out).toMatch(/--difficulty <number -1000\.\.1000>\n.*the kind's own number "difficulty"/);
      expect(help.out).toMatch(/--armed <boolean> \(default true\)/);
      expect(help.out).not.toMatch(/^Checks of/);
    }
  });

  it('verify --traps samples the kind\'s disarm, avoidance, spotting and rig', async () => {
    const r = await runCli(['verify', '--traps', path, '--runs', '2000', '--format', 'json']);
    expect(r.code, r.err).toBe(0);
    const checks = new Set((JSON.parse(r.out) as { items: Array<{ check: string }> }).items.map((i) => i.check));
    for (const name of ['kind-disarm', 'kind-avoid', 'kind-spot', 'kind-rig']) expect(checks.has(name), name).toBe(true);
  }, 120_000);
});
