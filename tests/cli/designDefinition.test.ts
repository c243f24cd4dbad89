/**
 * `trapsmith design d20 --format definition`: the designer's trap as a trap file, whose kind's
 * numbers are the designer's (CR, Search and Disable Device DCs, attack bonus, price), and which
 * `--traps FILE` then plays and reads (`odds d20 step`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import { designFromInputs, designJson } from '../../src/rulesets/d20/designer.ts';
import '../../src/rulesets/index.ts';
import { type Ran, tempFile } from '../sim/cliHarness.ts';

async function cli(...argv: string[]): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => '' });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const FLAGS = ['--trigger', 'location', '--reset', 'manual', '--attack', '12', '--damage', '1d10', '--search-dc', '22', '--disable-dc', '21'];
const INPUTS = { trigger: 'location', reset: 'manual', attack: 12, damage: '1d10', 'search-dc': 22, 'disable-dc': 21 };

describe('trapsmith design d20 --format definition', () => {
  it("prints a trap file whose kind's numbers are the designer's, and --traps plays it", async () => {
    const r = await cli('design', 'd20', ...FLAGS, '--format', 'definition', '--name', 'wall crossbow');
    expect(r.code, r.err).toBe(0);
    const file = parseTrapFile(r.out, 'printed');
    expect(file.ruleset).toBe('d20');
    const kind = file.traps[0]!;
    expect(kind.id).toBe('wall_crossbow');
    const design = designFromInputs(INPUTS);
    if (!design.ok) throw new Error(design.error);
    expect(kind.numbers).toEqual({ ...INPUTS, cr: design.design.cr, 'trigger-radius': 2 });
    expect(kind.effect).toEqual({ do: 'custom', name: 'srd_attack' });

    const path = tempFile('wall-crossbow.json', r.out);
    const table = await cli('traps', 'd20', '--traps', path, '--format', 'json');
    expect(table.code, table.err).toBe(0);
    const row = (JSON.parse(table.out) as { traps: Array<{ id: string; columns: Record<string, unknown> }> }).traps.find((t) => t.id === 'wall_crossbow')!;
    const d = designJson(design.design);
    expect(row.columns).toMatchObject({ cr: d.cr, price: d.price, craftDc: d.craftDc, search: 22, disable: 21, 'attack/save': '+12', damage: '1d10' });

    const odds = await cli('odds', 'd20', 'step', '--traps', path, '--trap', 'wall_crossbow', '--hp', '8', '--ac', '15');
    expect(odds.code, odds.err).toBe(0);
    // d20 + 12 vs AC 15: 2 in 20 miss; a 20 threatens (x2), confirmed 18 times in 20; 1d10 kills at 8 HP on 8-10, 2d10 79 times in 100.
    const death = (17 / 20) * (3 / 10) + (1 / 20) * ((18 / 20) * (79 / 100) + (2 / 20) * (3 / 10));
    const out = JSON.parse(odds.out) as { outcomes: Record<string, { p: number }> };
    expect(out.outcomes.unhurt!.p).toBeCloseTo(0.1, 12);
    // Under the SRD's dying rules (dying=srd, the default) damage of 8 or more leaves him down or dead.
    expect(out.outcomes.down!.p + out.outcomes.death!.p).toBeCloseTo(death, 12);
  });

  it('writes the file with --out, and refuses --name without --format definition', async () => {
    const path = tempFile('out.json', '');
    const r = await cli('design', 'd20', ...FLAGS, '--format', 'definition', '--out', path, '--host', 'floor');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`wrote ${path}`);
    expect(parseTrapFile(readFileSync(path, 'utf8'), path).traps[0]!.name).toBe('designed trap');
    const bad = await cli('design', 'd20', ...FLAGS, '--name', 'x');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--name goes with --format definition');
  });
});
