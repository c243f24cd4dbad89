/**
 * `--traps FILE` on every command, `trapsmith traps --schema` and `--format definitions`: a
 * designer's file is read, checked field by field and played; a bad one exits 2 naming the field.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import '../../src/rulesets/index.ts';
import { type Ran, tempFile } from '../sim/cliHarness.ts';

const RUNE = fileURLToPath(new URL('../../examples/traps/fire-rune.json', import.meta.url));
const NET = fileURLToPath(new URL('../../examples/traps/net.json', import.meta.url));

async function cli(...argv: string[]): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => '' });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('trapsmith with a trap file', () => {
  it('traps --schema prints a JSON Schema; --format definitions prints a file --traps reads back', async () => {
    const schema = await cli('traps', '--schema');
    expect(schema.code).toBe(0);
    const s = JSON.parse(schema.out);
    expect(s.$schema).toMatch(/json-schema\.org/);
    expect(s.properties.format.const).toBe('trapsmith-traps');
    expect(s.required).toEqual(expect.arrayContaining(['format', 'version', 'ruleset', 'name', 'traps']));
    const defs = await cli('traps', 'ceaptun', '--format', 'definitions');
    expect(defs.code).toBe(0);
    const file = parseTrapFile(defs.out, 'definitions');
    expect(file.traps.map((t) => t.id)).toEqual(['arrow', 'spear', 'fireball', 'frost', 'lightning', 'pit', 'alarm', 'teleport', 'tripwire', 'stake', 'pitfall']);
    // Printed back as a file, it reads the same odds as the ruleset.
    const copy = tempFile('copy.json', { ...file, name: 'printed copy' });
    const a = await cli('odds', 'ceaptun', 'step', '--trap', 'lightning', '--hp', '9', '--danger', '10');
    const b = await cli('odds', 'ceaptun', 'step', '--trap', 'lightning', '--hp', '9', '--danger', '10', '--traps', copy);
    expect(b.code).toBe(0);
    expect(JSON.parse(b.out).outcomes).toEqual(JSON.parse(a.out).outcomes);
  });

  it('odds, map, traps, sweep and verify read the file; odds --batch too', async () => {
    // Danger 6 is tier 2: 2d6; at 8 HP it kills on 8 or more, 15/36; no step past (not known).
    const odds = await cli('odds', 'ceaptun', 'step', '--trap', 'fire_rune', '--hp', '8', '--danger', '6', '--traps', RUNE);
    expect(odds.code).toBe(0);
    expect(JSON.parse(odds.out).outcomes.death.exact).toBe('5/12');
    const table = await cli('traps', 'ceaptun', '--traps', RUNE);
    expect(table.out).toMatch(/fire_rune\s+fire rune\s+\*/);
    const map = await cli('map', '--ruleset', 'ceaptun', '--seed', '3', '--traps', RUNE);
    expect(map.code).toBe(0);
    expect(map.out).toMatch(/Cēaptūn \+ Fire rune/);
    const sweep = await cli('sweep', 'ceaptun', 'step', '--trap', 'fire_rune', '--hp', '10', '--vary', 'danger=0..6:6', '--traps', RUNE, '--format', 'json');
    expect(sweep.code).toBe(0);
    const verify = await cli('verify', '--traps', NET, '--runs', '500', '--format', 'json');
    expect(verify.code).toBe(0);
    const v = JSON.parse(verify.out);
    expect(v.failures).toEqual([]);
    expect(v.items.some((i: { ruleset: string; inputs: { trap?: string } }) => i.ruleset === 'ceaptun+net-trap' && i.inputs.trap === 'net')).toBe(true);
  });

  it('sim plays it and compare adds its column beside the ruleset', async () => {
    const sim = await cli('sim', '--ruleset', 'ceaptun', '--traps', RUNE, '--runs', '6', '--bot', 'reckless', '--format', 'json', '--quiet');
    expect(sim.code).toBe(0);
    expect(JSON.parse(sim.out).columns?.[0]?.id ?? JSON.parse(sim.out).id).toBe('ceaptun+fire-rune');
    const cmp = await cli('compare', '--traps', RUNE, '--runs', '6', '--bot', 'reckless', '--format', 'json', '--quiet');
    expect(cmp.code).toBe(0);
    expect(JSON.parse(cmp.out).columns.map((c: { id: string }) => c.id)).toEqual(['ceaptun', 'ceaptun+fire-rune']);
  });

  it('a bad file exits 2 naming the field, and a file for another ruleset is refused', async () => {
    const bad = tempFile('bad.json', {
      format: 'trapsmith-traps',
      version: 1,
      ruleset: 'ceaptun',
      name: 'bad',
      traps: [{ id: 'a', name: 'a', colour: '#fff', hosts: ['floor'], placement: { weight: 1 }, charges: 1, numbers: { difficulty: 3 }, effect: { do: 'damage', damage: 'lots' } }],
    });
    const r = await cli('odds', 'ceaptun', 'step', '--trap', 'a', '--hp', '3', '--traps', bad);
    expect(r.code).toBe(2);
    expect(r.err).toContain('traps[0].effect.damage: expected dice like "2d6", got "lots"');
    const other = await cli('map', '--ruleset', 'cdda', '--seed', '1', '--traps', NET);
    expect(other.code).toBe(2);
    expect(other.err).toContain('it holds traps for ceaptun, not cdda');
    const proto = tempFile('proto.json', '{"format":"trapsmith-traps","version":1,"ruleset":"ceaptun","name":"p","traps":[],"__proto__":{}}');
    const p = await cli('traps', 'ceaptun', '--traps', proto);
    expect(p.code).toBe(2);
    expect(p.err).toContain('"__proto__" cannot be a name here');
    const missing = await cli('traps', 'ceaptun', '--traps', '/nonexistent/traps.json');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read /nonexistent/traps.json');
  });
});
