import { describe, expect, it } from 'vitest';
import { designCommand } from '../../src/cli/commands/design.ts';

async function run(argv: string[], stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await designCommand(argv, { out: (s) => out.push(s), err: (s) => err.push(s), stdin: async () => stdin });
  return { code, out, err };
}

describe('trapsmith design d20', () => {
  it('prints {cr, baseCost, price, craftDc} for a mechanical trap (the SRD Wall Scythe Trap)', async () => {
    const r = await run(['d20', '--trigger', 'location', '--reset', 'automatic', '--attack', '20', '--damage', '2d4', '--melee-str', '8', '--search-dc', '21', '--disable-dc', '18']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out.join(''))).toEqual({ cr: 4, baseCost: 4300, price: 17200, craftDc: 30 });
  });

  it('takes bare flags and the poison pair (the SRD Ungol Dust Vapor Trap)', async () => {
    const r = await run([
      'd20', '--trigger', 'location', '--reset', 'manual', '--gas', '--multiple-targets', '--never-miss', '--onset', '2',
      '--poison-cr', '3', '--poison-cost', '1000', '--search-dc', '20', '--disable-dc', '16',
    ]);
    expect(JSON.parse(r.out.join(''))).toEqual({ cr: 5, baseCost: 1600, price: 9000, craftDc: 25 });
  });

  it('prints {cr, price, xp, searchDc, disableDc, saveDc} for a magic device trap (Lightning Bolt Trap)', async () => {
    const r = await run(['d20', '--magic', 'device', '--spell-level', '3', '--caster-level', '5', '--automatic-reset', '--avg-damage', '17.5']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out.join(''))).toEqual({ cr: 4, price: 7500, xp: 600, searchDc: 28, disableDc: 28, saveDc: 14 });
  });

  it('reads a negative attack bonus after its flag', async () => {
    const r = await run(['d20', '--trigger', 'location', '--reset', 'manual', '--attack', '-2', '--damage', '8d6']);
    expect(r.code).toBe(0);
    // -2 (attack) + 4 (28 average) = 2; base 1,000 - 1,200 = -200, so the minimum 2 x 100 applies.
    expect(JSON.parse(r.out.join(''))).toEqual({ cr: 2, baseCost: -200, price: 200, craftDc: 20 });
  });

  it('--format table shows the figures and how they add up', async () => {
    const r = await run(['d20', '--trigger', 'proximity', '--reset', 'manual', '--attack', '10', '--damage', '1d6', '--format', 'table']);
    expect(r.code).toBe(0);
    const text = r.out.join('\n');
    expect(text).toMatch(/CR\s+1/);
    expect(text).toMatch(/Market price\s+2,000 gp/);
    expect(text).toMatch(/Craft \(trapmaking\) DC\s+25/);
    expect(text).toMatch(/\+1,000 gp\s+proximity trigger/);
  });

  it('bad input exits 2 with a message naming what is wrong', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['d20', '--trigger', 'location'], /--reset is required/],
      [['d20', '--trigger', 'nowhere', '--reset', 'manual'], /--trigger: expected one of/],
      [['d20', '--trigger', 'location', '--reset', 'manual', '--search-dc', 'x'], /--search-dc: expected a whole number, got "x"/],
      [['d20', '--trigger', 'location', '--reset', 'manual', '--attack', '5', '--reflex-dc', '20'], /--attack and --reflex-dc/],
      [['d20', '--trigger', 'location', '--reset', 'manual', '--colour', 'red'], /colour/],
      [['d20', '--trigger', 'location', '--reset', 'manual', '--format', 'xml'], /--format/],
      [['cdda', '--trigger', 'location', '--reset', 'manual'], /no trap designer/],
      [['d20', '--trigger', 'location', '--reset', 'manual'], /CR comes to 0/],
      [[], /which ruleset/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err.join('\n'), argv.join(' ')).toMatch(message);
      expect(r.out).toEqual([]);
    }
  });
});

describe('trapsmith design --batch -', () => {
  it('answers one JSON line per input line, {"error"} for a bad one, and goes on', async () => {
    const stdin = [
      JSON.stringify({ inputs: { trigger: 'location', reset: 'manual', 'reflex-dc': 20, damage: '4d6' } }),
      '',
      JSON.stringify({ trigger: 'touch', reset: 'manual', attack: 5, damage: '4d6' }),
      'not json',
      JSON.stringify({ inputs: { trigger: 'proximity' } }),
      JSON.stringify({ inputs: { magic: 'spell', 'spell-level': 3, 'caster-level': 5, damage: '2d8', 'material-cost': 200 } }),
      JSON.stringify({ inputs: { trigger: 'location', reset: 'manual', attack: 10, damage: '2d6', 'multiple-targets': true } }),
    ].join('\n');
    const r = await run(['d20', '--batch', '-'], stdin);
    expect(r.code).toBe(0);
    const lines = r.out.map((l) => JSON.parse(l));
    expect(lines).toHaveLength(6);
    expect(lines[0]).toEqual({ cr: 2, baseCost: 1000, price: 2000, craftDc: 20 });
    expect(lines[1]).toEqual({ cr: 1, baseCost: 500, price: 500, craftDc: 20 });
    expect(lines[2].error).toMatch(/not JSON/);
    expect(lines[3].error).toMatch(/--reset is required/);
    expect(lines[4]).toEqual({ cr: 4, price: 350, xp: 0, searchDc: 28, disableDc: 28, saveDc: 14 });
    expect(lines[5]).toEqual({ cr: 2, baseCost: 1000, price: 2000, craftDc: 20 });
  });

  it('works without the ruleset name, and flags on the command line are defaults each line may override', async () => {
    const stdin = [JSON.stringify({ inputs: { 'search-dc': 24, 'reflex-dc': 20, damage: '1d6' } }), JSON.stringify({ reset: 'none', attack: 10, damage: '2d6', 'multiple-targets': true, 'search-dc': 22, 'disable-dc': 15 })].join('\n');
    const r = await run(['--batch', '-', '--trigger', 'location', '--reset', 'manual'], stdin);
    expect(r.out.map((l) => JSON.parse(l))).toEqual([
      { cr: 1, baseCost: 1800, price: 1800, craftDc: 20 }, // Camouflaged Pit Trap (CR 1)
      { cr: 1, baseCost: 400, price: 400, craftDc: 20 }, // Razor-Wire across Hallway
    ]);
  });

  it('takes only - (standard input)', async () => {
    const r = await run(['d20', '--batch', 'file.jsonl']);
    expect(r.code).toBe(2);
    expect(r.err.join('')).toMatch(/--batch takes -/);
  });
});
