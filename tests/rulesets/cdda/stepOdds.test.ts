/**
 * The whole-trap step odds of cdda (`odds cdda step`) against a computation from the rules alone:
 * the avoidance numbers A and the harm of each trap read from the seed text (seeds/000), the
 * avoidance dice of RULES.md 1.2 (3d[trunc(Dex + Dodge x 1.5)] +2d6 Light Step -2d6 Clumsy against
 * 3d[A] aware or 6d[A]; ties to the victim; a 0-sided die rolls 0 or 1), and RULES.md's body parts
 * (six parts with their own HP, head or torso at 0 kills), enumerated here with BigInt fractions.
 * Where the seed is silent (the tripwire's Dex roll, the crossbow's dodge roll and random part,
 * the teleport pad's 15 tries) the numbers are CDDA's trapfunc.cpp of the seed's era, written out
 * below as this test's own constants. Nothing here calls the ruleset's programs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { exact } from '../../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import { combine, diceCounts, pAtLeast, reduced } from './helpers.ts';
import { seedText } from '../../support/seeds.ts';

const SEED = seedText('cdda');
const TABLE = SEED.slice(SEED.indexOf('List of traps'), SEED.indexOf('Trap tools'));

/** The seed's row names -> the trap ids. */
const NAMES: Record<string, string> = {
  bubblewrap: 'bubblewrap',
  'bear trap': 'beartrap',
  'buried bear trap': 'beartrap_buried',
  'spiked board': 'board',
  tripwire: 'tripwire',
  'crossbow trap': 'crossbow',
  'shotgun trap': 'shotgun',
  'spinning blade': 'blade',
  'teleport pad': 'telepad',
  'goo pit': 'goo',
  dissector: 'dissector',
  sinkhole: 'sinkhole',
  pit: 'pit',
  'spiked pit': 'spike_pit',
  lava: 'lava',
  'shimmering portal': 'portal',
  ledge: 'ledge',
  '(Drain attack)': 'drain',
};

/** Each row: the trap's avoidance A (the middle of the last three numbers, V A D) and its notes. */
function rows(): Map<string, { A: number; notes: string }> {
  const out = new Map<string, { A: number; notes: string }>();
  const lines = TABLE.split('\n');
  lines.forEach((line, k) => {
    const cells = line.split('|').map((c) => c.trim());
    const at = cells.findIndex((c, i) => NAMES[c] !== undefined && /^(\d+|\?)$/.test(cells[i + 1] ?? ''));
    if (at < 0) return;
    let end = at + 1;
    while (/^(\d+|\?)$/.test(cells[end] ?? '')) end++;
    const numbers = cells.slice(at + 1, end);
    // The crossbow's notes run on to the next line.
    const notes = `${cells.slice(end).join(' ')} ${lines[k + 1] ?? ''}`;
    out.set(NAMES[cells[at]!]!, { A: Number(numbers[numbers.length - 2]), notes });
  });
  return out;
}

const ROWS = rows();

function notes(id: string): string {
  return ROWS.get(id)!.notes;
}

/** "10-16" after `before` in a trap's notes. */
function range(id: string, before: RegExp): [number, number] {
  const m = new RegExp(`${before.source}\\D*(\\d+)-(\\d+)`).exec(notes(id));
  if (!m) throw new Error(`no range for ${id}`);
  return [Number(m[1]), Number(m[2])];
}

// ---------------------------------------------------------------- fractions

type F = [bigint, bigint];
const f = (n: number | bigint, d: number | bigint = 1): F => [BigInt(n), BigInt(d)];
const mul = (a: F, b: F): F => [a[0] * b[0], a[1] * b[1]];
const add = (a: F, b: F): F => [a[0] * b[1] + b[0] * a[1], a[1] * b[1]];
const sub = (a: F, b: F): F => add(a, [-b[0], b[1]]);
const ONE = f(1);
const ZERO = f(0);

// ---------------------------------------------------------------- avoidance (RULES.md 1.2)

interface Who {
  dex?: number;
  dodge?: number;
  known?: boolean;
  lightStep?: boolean;
  clumsy?: boolean;
}

/** n dice of `sides` as CDDA's dice(): a 0-sided die is rng(1, 0), that is 0 or 1. */
function cddaDice(n: number, sides: number) {
  return sides >= 1 ? diceCounts(n, 1, sides) : diceCounts(n, 0, 1);
}

function avoided(A: number, w: Who): F {
  let me = cddaDice(3, Math.trunc((w.dex ?? 8) + (w.dodge ?? 0) * 1.5));
  if (w.lightStep) me = combine(me, diceCounts(2, 1, 6), 1);
  if (w.clumsy) me = combine(me, diceCounts(2, 1, 6), -1);
  return pAtLeast(me, cddaDice(w.known ? 3 : 6, A));
}

// ---------------------------------------------------------------- harm

type Harm = { unhurt: F; hurt: F; death: F };

/** The whole step: avoided by the dice, else the harm. */
function whole(trap: string, w: Who, harm: Harm): Record<string, string> {
  const a = avoided(ROWS.get(trap)!.A, w);
  const off = sub(ONE, a);
  const text = (x: F) => (x[0] === 0n ? '0/1' : reduced(x));
  return { avoided: text(a), unhurt: text(mul(off, harm.unhurt)), hurt: text(mul(off, harm.hurt)), death: text(mul(off, harm.death)) };
}

/** P(rng(lo, hi) >= x). */
function atLeast([lo, hi]: [number, number], x: number): F {
  const n = Math.max(0, Math.min(hi - lo + 1, hi - Math.max(x, lo) + 1));
  return f(n, hi - lo + 1);
}

/** What `trapsmith odds cdda step` prints, as outcome -> exact fraction. */
async function printed(args: string[]): Promise<Record<string, string>> {
  let out = '';
  let err = '';
  const code = await main(['odds', 'cdda', 'step', ...args], { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => '' });
  expect(code, err).toBe(0);
  const json = JSON.parse(out) as { outcomes: Record<string, { exact: string }> };
  return Object.fromEntries(Object.entries(json.outcomes).map(([k, v]) => [k, v.exact]));
}

/** The same with the survivor's build in the settings (a variant file, as `--variant` reads it). */
async function printedWith(settings: Record<string, unknown>, args: string[]): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'cdda-step-'));
  const file = join(dir, 'variant.json');
  writeFileSync(file, JSON.stringify({ name: `build ${Object.entries(settings).map(([k, v]) => `${k} ${v}`).join(' ')}`, ruleset: 'cdda', settings }));
  try {
    return await printed([...args, '--variant', file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function refused(args: string[]): Promise<string> {
  let err = '';
  const code = await main(['odds', 'cdda', 'step', ...args], { out: () => {}, err: (t) => (err += t), stdin: async () => '' });
  expect(code).toBe(2);
  return err;
}

describe('cdda: the whole step onto a trap, exactly', () => {
  it('the seed gives the numbers the reading uses', () => {
    expect(ROWS.get('beartrap')!.A).toBe(7);
    expect(ROWS.get('blade')!.A).toBe(4);
    expect(ROWS.get('telepad')!.A).toBe(15);
    expect(ROWS.get('ledge')!.A).toBe(99);
    expect(ROWS.get('drain')!.A).toBe(99);
    expect(range('beartrap', /deals/)).toEqual([10, 16]);
    expect(range('blade', /deals/)).toEqual([12, 30]);
  });

  it('a bear trap, unseen: 10-16 to one leg, which never kills', async () => {
    expect(await printed(['--trap', 'beartrap', '--head', '1', '--torso', '1'])).toEqual(whole('beartrap', {}, { unhurt: ZERO, hurt: ONE, death: ZERO }));
  });

  it('a buried bear trap, seen, a leg at 0: the half that closes on it deals nothing', async () => {
    const w = { dex: 10, dodge: 2, known: true };
    expect(await printed(['--trap', 'beartrap_buried', '--head', '50', '--torso', '50', '--broken-legs', '1', '--dex', '10', '--dodge', '2', '--known'])).toEqual(
      whole('beartrap_buried', w, { unhurt: f(1, 2), hurt: f(1, 2), death: ZERO }),
    );
  });

  it('a spiked board (6-10 to both feet) with Light Step: one leg at 0, the other foot still bleeds; both at 0, nothing', async () => {
    expect(range('board', /deals/)).toEqual([6, 10]);
    expect(await printed(['--trap', 'board', '--head', '3', '--torso', '3', '--broken-legs', '1', '--light-step'])).toEqual(
      whole('board', { lightStep: true }, { unhurt: ZERO, hurt: ONE, death: ZERO }),
    );
    expect(await printed(['--trap', 'board', '--head', '3', '--torso', '3', '--broken-legs', '2'])).toEqual(whole('board', {}, { unhurt: ONE, hurt: ZERO, death: ZERO }));
  });

  it('a spinning blade, seen, at a torso of 20: 12-30 to the torso kills on 20 or more', async () => {
    const [lo, hi] = range('blade', /deals/);
    const death = atLeast([lo, hi], 20);
    expect(await printed(['--trap', 'blade', '--head', '84', '--torso', '20', '--dex', '10', '--dodge', '2', '--known'])).toEqual(
      whole('blade', { dex: 10, dodge: 2, known: true }, { unhurt: ZERO, hurt: sub(ONE, death), death }),
    );
  });

  it('lava: 20 to each foot and each leg, which never kills; both legs at 0, nothing left to burn', async () => {
    expect(notes('lava')).toMatch(/20 damage to each of their feet and legs/);
    expect(await printed(['--trap', 'lava', '--head', '1', '--torso', '1'])).toEqual(whole('lava', {}, { unhurt: ZERO, hurt: ONE, death: ZERO }));
    expect(await printed(['--trap', 'lava', '--head', '84', '--torso', '84', '--broken-legs', '2'])).toEqual(whole('lava', {}, { unhurt: ONE, hurt: ZERO, death: ZERO }));
  });

  it('a goo pit: 30% 0-5 to both feet, so 3/10 x (1 - 1/36) hurts', async () => {
    expect(notes('goo')).toMatch(/30% change deals 0-5 damage to both player's feet/);
    const hurt = mul(f(3, 10), sub(ONE, f(1, 36)));
    expect(await printed(['--trap', 'goo', '--head', '84', '--torso', '84', '--dex', '12'])).toEqual(whole('goo', { dex: 12 }, { unhurt: sub(ONE, hurt), hurt, death: ZERO }));
  });

  it('a drain attack (1 to every part): a head at 1 dies, at 2 is hurt', async () => {
    expect(notes('drain')).toMatch(/Hurts all body parts by one point/);
    expect(await printed(['--trap', 'drain', '--head', '1', '--torso', '84'])).toEqual(whole('drain', {}, { unhurt: ZERO, hurt: ZERO, death: ONE }));
    expect(await printed(['--trap', 'drain', '--head', '2', '--torso', '84', '--clumsy'])).toEqual(whole('drain', { clumsy: true }, { unhurt: ZERO, hurt: ONE, death: ZERO }));
  });

  it('a dissector (up to 15 to the head, 20 to the torso): head 10 and torso 15 die unless both stand', async () => {
    expect(notes('dissector')).toMatch(/up to 10 \(to hands an feet\), 12 \(arms & legs\), 15 \(head\) and 20 points \(torso\)/);
    // "Up to": 1 to the most on each part; the whole HP (six parts of 84) outlasts every draw.
    const live = mul(f(9, 15), f(14, 20));
    expect(await printed(['--trap', 'dissector', '--head', '10', '--torso', '15'])).toEqual(whole('dissector', {}, { unhurt: ZERO, hurt: live, death: sub(ONE, live) }));
  });

  it('no harm on the step: bubble wrap, the sinkhole, the portal, the ledge: set off, unhurt', async () => {
    for (const trap of ['bubblewrap', 'sinkhole', 'portal', 'ledge']) {
      const w = { dex: 12, dodge: 3, known: true };
      expect(await printed(['--trap', trap, '--head', '1', '--torso', '1', '--dex', '12', '--dodge', '3', '--known']), trap).toEqual(
        whole(trap, w, { unhurt: ONE, hurt: ZERO, death: ZERO }),
      );
    }
  });

  it('a cot is furniture: it never goes off under you', async () => {
    expect(await printed(['--trap', 'cot', '--head', '1', '--torso', '1'])).toEqual({ avoided: '1/1', unhurt: '0/1', hurt: '0/1', death: '0/1' });
  });

  // CDDA trapfunc.cpp of the seed's era, where the seed is silent.
  const TRIPWIRE_HURTS_WHEN_ABOVE_DEX = [5, 20] as const;
  const CROSSBOW_HITS_WHEN_ABOVE_DODGE = [8, 20] as const;
  /** rng(1, 10): 1 a foot, 2-4 a leg, 5-9 the torso, 10 the head; one_in(2) the side. */
  const RANDOM_PART_HEAD = f(1, 10);
  const TELEPORT_TRIES = 15;

  it('a tripwire (code: rng(5, 20) > Dex hurts all six parts 1-4) at a head of 3, Dex 10', async () => {
    const hurts = f(20 - 10, TRIPWIRE_HURTS_WHEN_ABOVE_DEX[1] - TRIPWIRE_HURTS_WHEN_ABOVE_DEX[0] + 1);
    expect(notes('tripwire')).toMatch(/hurt all their body parts on 1-4/);
    const death = mul(hurts, atLeast([1, 4], 3));
    expect(await printed(['--trap', 'tripwire', '--head', '3', '--torso', '84', '--dex', '10'])).toEqual(
      whole('tripwire', { dex: 10 }, { unhurt: sub(ONE, hurts), hurt: sub(hurts, death), death }),
    );
  });

  it('a crossbow (25% miss; code: hits when rng(8, 20) > Dex / 2 + Dodge; a random part) at a head of 25', async () => {
    expect(notes('crossbow')).toMatch(/miss with 25% chance/);
    const dmg = range('crossbow', /they fail, trap deals/);
    expect(dmg).toEqual([20, 30]);
    // Dex 10, Dodge 5: get_dodge 10; rng(8, 20) hits on 11..20.
    const hits = mul(f(3, 4), f(CROSSBOW_HITS_WHEN_ABOVE_DODGE[1] - 10, CROSSBOW_HITS_WHEN_ABOVE_DODGE[1] - CROSSBOW_HITS_WHEN_ABOVE_DODGE[0] + 1));
    const death = mul(hits, mul(RANDOM_PART_HEAD, atLeast(dmg, 25)));
    expect(await printed(['--trap', 'crossbow', '--head', '25', '--torso', '84', '--dex', '10', '--dodge', '5'])).toEqual(
      whole('crossbow', { dex: 10, dodge: 5 }, { unhurt: sub(ONE, hits), hurt: sub(hits, death), death }),
    );
  });

  it('a shotgun (code: both barrels one_in(8) or else one_in(20 - Str), one on the last charge; hits when rng(5, 50) > Dex / 2 + Dodge) at a head of 50 and a torso of 100', async () => {
    expect(notes('shotgun')).toMatch(/40-60 \(80-120, if double-shot\) damage to a random body part/);
    const ONE_BARREL = [40, 60] as const;
    const TWO_BARRELS = [80, 120] as const;
    /** rng(1, 10): 1 a foot, 2-4 a leg, 5-9 the torso, 10 the head. */
    const HEAD = f(1, 10);
    const TORSO = f(5, 10);
    const harm = (both: F): Harm => {
      const one = sub(ONE, both);
      // Dex 8, Dodge 0: get_dodge 4, and rng(5, 50) is always above it.
      const death = add(mul(HEAD, add(mul(one, atLeast([...ONE_BARREL], 50)), both)), mul(TORSO, mul(both, atLeast([...TWO_BARRELS], 100))));
      return { unhurt: ZERO, hurt: sub(ONE, death), death };
    };
    const both = (str: number) => add(f(1, 8), mul(f(7, 8), f(1, 20 - str)));
    const args = ['--trap', 'shotgun', '--head', '50', '--torso', '100'];
    expect(await printed(args)).toEqual(whole('shotgun', {}, harm(both(8))));
    expect(await printed([...args, '--last-charge'])).toEqual(whole('shotgun', {}, harm(ZERO)));
    // Str is the survivor's build: the setting.
    expect(await printedWith({ str: 17 }, args)).toEqual(whole('shotgun', {}, harm(both(17))));
  });

  it('Bird Wings (the survivor\u2019s build, a setting): a safe fall into a pit or a spiked pit', async () => {
    for (const trap of ['pit', 'spike_pit']) {
      const got = await printedWith({ birdWings: true }, ['--trap', trap, '--head', '1', '--torso', '1']);
      expect(got.hurt, trap).toBe('0/1');
      expect(got.death, trap).toBe('0/1');
      expect(got.unhurt, trap).not.toBe('0/1');
    }
  });

  it('a teleport pad (code, game::teleport: 15 squares within 12 while impassable; a monster there explodes, the own square stays): its own check, where it throws you', async () => {
    expect(notes('telepad')).toMatch(/warp target into wall, monster or just explode it/);
    const squares = 25 * 25;
    const empty = 200;
    const blocked = 300;
    // All 15 draws impassable: the last stands (a wall or chest). Otherwise the first passable one,
    // each passable square as likely: an empty one, a creature's, or the pad's own.
    const walled = f(BigInt(blocked) ** BigInt(TELEPORT_TRIES), BigInt(squares) ** BigInt(TELEPORT_TRIES));
    const passable = squares - blocked;
    const others = squares - 1 - empty - blocked;
    let out = '';
    expect(await main(['odds', 'cdda', 'teleport', '--empty-squares', String(empty), '--blocked-squares', String(blocked)], { out: (t) => (out += t), err: () => {}, stdin: async () => '' })).toBe(0);
    const got = Object.fromEntries(Object.entries((JSON.parse(out) as { outcomes: Record<string, { exact: string }> }).outcomes).map(([k, v]) => [k, v.exact]));
    expect(got).toEqual({
      empty: reduced(mul(sub(ONE, walled), f(empty, passable))),
      monster: reduced(mul(sub(ONE, walled), f(others, passable))),
      self: reduced(mul(sub(ONE, walled), f(1, passable))),
      blocked: reduced(walled),
    });
  });

  it('refuses what it cannot read: the teleport pad without its squares, a dead survivor, a flag it does not read', async () => {
    expect(await refused(['--trap', 'telepad', '--head', '84', '--torso', '84'])).toMatch(/teleport pad\u2019s harm turns on where it throws you .*--empty-squares and --blocked-squares/);
    expect(await refused(['--trap', 'telepad', '--head', '84', '--torso', '84', '--empty-squares', '400', '--blocked-squares', '300'])).toMatch(/together are at most 624/);
    expect(await refused(['--trap', 'blade', '--head', '0', '--torso', '84'])).toMatch(/--head must be from 1 to 2000/);
    let err = '';
    expect(await main(['odds', 'cdda', 'teleport', '--empty-squares', '400', '--blocked-squares', '300'], { out: () => {}, err: (t) => (err += t), stdin: async () => '' })).toBe(2);
    expect(err).toMatch(/together are at most 624/);
  });

  it('the check reads the playing table: a variant blade that is easy to avoid is avoided more', () => {
    const base = getRuleset('cdda');
    const settings = resolveSettings(base, {});
    const inputs = { trap: 'blade', head: 84, torso: 84, 'broken-legs': 0, dex: 8, dodge: 0, known: true, 'light-step': false, clumsy: false, 'last-charge': false };
    const avoid = (r: typeof base) => exact(r.checks.step!.program(inputs, settings)).find((o) => o.value === 'avoided')?.p ?? 0;
    const variant = base.applyVariant!({ blade: { A: 1 } });
    const a4 = avoided(4, { known: true });
    expect(avoid(base)).toBeCloseTo(Number(a4[0]) / Number(a4[1]), 12);
    expect(avoid(variant)).toBe(1);
  });
});
