/**
 * The whole-trap step odds of Cēaptūn (`odds ceaptun step`) against a computation from the seed's
 * rules alone: the damage table read from the seed text (seeds/002), and RULES.md's step past
 * (clamp(55 + 10 x dodge, 15, 90)%), trap attack (2d12 + tier index vs 10 + dodge + armour;
 * natural 24 hits hard, rolling the damage twice; natural 2 misses) and damage reduction
 * (max(1, floor(raw x (1 - reduction))), Trap sense 50%, at most 75%), enumerated here face by
 * face with exact fractions. Nothing here calls the ruleset's own programs.
 */
import { seedText } from '../../support/seeds.ts';
import { describe, expect, it } from 'vitest';
import { exact } from '../../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../../src/core/registry.ts';
import { main } from '../../../src/cli/main.ts';

const SEED = seedText('ceaptun');

/** The seed's "Damage by danger" rows: trap name -> dice text per tier (danger 0, 3, 6, 10, 15, 22, 30). */
function damageTable(): Map<string, string[]> {
  const at = SEED.indexOf('Damage by danger');
  const rows = new Map<string, string[]>();
  for (const line of SEED.slice(at).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 9 || !/^\d+d\d+ /.test(cells[2] ?? '')) continue;
    rows.set(cells[1]!, cells.slice(2, 9).map((c) => c.split(' ')[0]!));
    if (rows.size === 9) break;
  }
  return rows;
}

const TIER_STARTS = [0, 3, 6, 10, 15, 22, 30];
const tierOf = (danger: number) => TIER_STARTS.filter((t) => danger >= t).length - 1;

/** id -> the seed's row name, how it strikes, and whether it is rigged (never grows with danger). */
const TRAPS: Record<string, { row: string; attacks: boolean; rigged: boolean }> = {
  arrow: { row: 'Arrow trap', attacks: true, rigged: false },
  spear: { row: 'Spear trap', attacks: true, rigged: false },
  fireball: { row: 'Fireball trap', attacks: false, rigged: false },
  frost: { row: 'Frost trap', attacks: false, rigged: false },
  lightning: { row: 'Lightning trap', attacks: false, rigged: false },
  pit: { row: 'Pit', attacks: false, rigged: false },
  tripwire: { row: 'Tripwire', attacks: true, rigged: true },
  stake: { row: 'Stake trap', attacks: true, rigged: true },
  pitfall: { row: 'Pitfall', attacks: false, rigged: true },
};

/** Ways to roll each total with n dice of s sides (index = total). */
function ways(n: number, s: number): bigint[] {
  let dist = [1n];
  for (let k = 0; k < n; k++) {
    const next: bigint[] = new Array(dist.length + s).fill(0n);
    dist.forEach((w, t) => {
      for (let f = 1; f <= s; f++) next[t + f]! += w;
    });
    dist = next;
  }
  return dist;
}

interface Frac {
  n: bigint;
  d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const text = (f: Frac): string => {
  const g = gcd(f.n, f.d) || 1n;
  return `${f.n / g}/${f.d / g}`;
};

interface Situation {
  trap: string;
  hp: number;
  danger: number;
  dodge: number;
  armour: number;
  known: boolean;
  trapSense?: boolean;
  ward?: number;
}

/** The four outcomes, exactly, from the seed and RULES.md alone. */
function expected(s: Situation): Record<string, string> {
  const t = TRAPS[s.trap]!;
  const tier = t.rigged ? 0 : tierOf(s.danger);
  const [n, sides] = damageTable().get(t.row)![tier]!.split('d').map(Number) as [number, number];
  const reduction = Math.min(75, (s.trapSense ? 50 : 0) + (s.ward ?? 0));
  const hurtBy = (raw: number) => Math.max(1, Math.floor((raw * (100 - reduction)) / 100));
  // Counts over a common denominator: 100 (step past) x 144 (2d12) x sides^(2n) (damage, hard twice).
  const stepPast = s.known ? Math.min(90, Math.max(15, 55 + 10 * s.dodge)) : 0;
  const D = 100n * 144n * BigInt(sides) ** BigInt(2 * n);
  const out = { avoided: 0n, unhurt: 0n, hurt: 0n, death: 0n };
  out.avoided = BigInt(stepPast) * 144n * BigInt(sides) ** BigInt(2 * n);
  const off = BigInt(100 - stepPast);
  const addDamage = (weight: bigint, dice: number) => {
    // `weight` counts over 100 x 144; the damage's own ways fill the rest of D.
    const w = ways(dice, sides);
    const scale = BigInt(sides) ** BigInt(2 * n - dice);
    w.forEach((count, raw) => {
      if (count === 0n) return;
      const dealt = hurtBy(raw);
      out[dealt >= s.hp ? 'death' : 'hurt'] += weight * count * scale;
    });
  };
  if (!t.attacks) addDamage(off * 144n, n);
  else {
    const d2 = ways(2, 12);
    for (let roll = 2; roll <= 24; roll++) {
      const w = off * d2[roll]!;
      if (roll === 24) addDamage(w, 2 * n);
      else if (roll === 2 || roll + tier < 10 + s.dodge + s.armour) out.unhurt += w * BigInt(sides) ** BigInt(2 * n);
      else addDamage(w, n);
    }
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, text({ n: v, d: D })]));
}

/** What `trapsmith odds ceaptun step` prints, as outcome -> exact fraction. */
async function printed(s: Situation): Promise<Record<string, string>> {
  const args = ['odds', 'ceaptun', 'step', '--trap', s.trap, '--hp', String(s.hp), '--danger', String(s.danger), '--dodge', String(s.dodge), '--armour', String(s.armour)];
  if (s.known) args.push('--known');
  if (s.trapSense) args.push('--trap-sense');
  if (s.ward) args.push('--ward', String(s.ward));
  let out = '';
  const code = await main(args, { out: (t) => (out += t), err: () => {}, stdin: async () => '' });
  expect(code).toBe(0);
  const json = JSON.parse(out) as { outcomes: Record<string, { exact: string }> };
  return Object.fromEntries(Object.entries(json.outcomes).map(([k, v]) => [k, v.exact === '0/1' ? '0/1' : v.exact]));
}

const SITUATIONS: Situation[] = [
  { trap: 'spear', hp: 18, danger: 3, dodge: 2, armour: 2, known: true },
  { trap: 'spear', hp: 5, danger: 15, dodge: 0, armour: 0, known: false },
  { trap: 'arrow', hp: 12, danger: 22, dodge: -1, armour: 3, known: true },
  { trap: 'arrow', hp: 3, danger: 10, dodge: 4, armour: 6, known: false, trapSense: true },
  { trap: 'fireball', hp: 10, danger: 15, dodge: 0, armour: 0, known: false },
  { trap: 'fireball', hp: 20, danger: 30, dodge: 3, armour: 1, known: true, ward: 30 },
  { trap: 'frost', hp: 7, danger: 6, dodge: 1, armour: 0, known: true },
  { trap: 'lightning', hp: 25, danger: 22, dodge: 0, armour: 0, known: false, trapSense: true, ward: 40 },
  { trap: 'pit', hp: 4, danger: 10, dodge: 5, armour: 0, known: true },
  { trap: 'tripwire', hp: 4, danger: 30, dodge: 0, armour: 0, known: false },
  { trap: 'stake', hp: 6, danger: 22, dodge: 2, armour: 5, known: true },
  { trap: 'pitfall', hp: 2, danger: 15, dodge: -3, armour: 0, known: true },
];

describe('ceaptun: the whole step onto a trap, exactly', () => {
  it('the seed gives the damage table the reading uses (nine damaging traps, seven tiers)', () => {
    const table = damageTable();
    expect([...table.keys()].sort()).toEqual(Object.values(TRAPS).map((t) => t.row).sort());
    expect(table.get('Fireball trap')).toEqual(['1d4', '2d4', '2d6', '3d6', '4d6', '6d6', '8d6']);
  });

  for (const s of SITUATIONS) {
    it(`${s.known ? 'a known' : 'an unknown'} ${s.trap} at danger ${s.danger}, dodge ${s.dodge}, armour ${s.armour}, ${s.hp} HP${s.trapSense ? ', Trap sense' : ''}${s.ward ? `, ward ${s.ward}%` : ''}: as the seed's rules give`, async () => {
      expect(await printed(s)).toEqual(expected(s));
    });
  }

  it('an alarm or a teleport never hurts: set off, unhurt; known, the step past first', async () => {
    for (const trap of ['alarm', 'teleport'])
      expect(await printed({ trap, hp: 1, danger: 30, dodge: 1, armour: 0, known: true })).toEqual({ avoided: '13/20', unhurt: '7/20', hurt: '0/1', death: '0/1' });
  });

  it('the check reads the playing table: a variant with harder spears kills more', () => {
    const base = getRuleset('ceaptun');
    const settings = resolveSettings(base, {});
    const inputs = { trap: 'spear', hp: 5, danger: 0, dodge: 0, armour: 0, known: false, 'trap-sense': false, ward: 0, 'light-step': false };
    const death = (r: typeof base) => exact(r.checks.step!.program(inputs, settings)).find((o) => o.value === 'death')?.p ?? 0;
    const variant = base.applyVariant!({ spear: { '0–2': '3d6' } });
    expect(death(base)).toBe(0);
    expect(death(variant)).toBeGreaterThan(0.5);
  });
});
