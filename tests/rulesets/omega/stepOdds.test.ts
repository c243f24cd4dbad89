/**
 * The whole-trap step odds of Omega (`odds omega step`) against a computation from the seed's
 * rules alone: the seed's player effects of each trap (seeds/001, quoted below and checked to be
 * there) and RULES.md section 2's reading of them (random_range(k) uniform on 0..k-1; physical
 * damage loses the absorption and is at least 1, p_damage), with location difficulty D parsed from
 * the seed's own list, enumerated here face by face with exact fractions. Nothing here calls the
 * ruleset's own programs: only the CLI, whose JSON is read.
 *
 * The abyss's fall (how many levels, its damage, Yog Sothoth's odds) is not in the seed: only the
 * part the seed gives is held here (who falls in, that the fall hurts), the rest against play in
 * stepPlay.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { seedText } from '../../support/seeds.ts';

const SEED = seedText('omega').replace(/\s+/g, ' ');

/** The seed's sentences the computation below reads, each as the seed words it. */
const RULES = {
  dart: 'absorption gives an absorption/100 chance to stop the dart outright; otherwise it deals D physical damage',
  pit: 'An unmounted player carrying strictly less than half maximum load avoids the pit; otherwise it deals 2D physical damage, or 5D for spikes on one third of falls',
  trapdoor: 'Outside the current dungeon, the player effect does nothing. Inside it, an unmounted player avoids falling with an Agility/100 chance; otherwise the fall deals D physical damage and descends one level. Natural trapdoors also add depth × D unstoppable damage from a rockslide. A trapdoor made by disintegrating a pit omits that rockslide.',
  snare: 'It does no HP damage.',
  blade: 'A player dodges with probability (Agility + level)/30, capped at certainty. A failed dodge kills a mount or hits the unmounted player. For the latter, roll an integer from D through 4D minus one, subtract twice absorption, and apply a minimum of one HP loss unless physically immune.',
  fire: 'An unmounted player dodges with probability (Agility + level)/50, capped at certainty, or takes zero through 5(D + 1) minus one flame damage. A mount is killed instead of that initial hit.',
  teleport: 'with probability (D squared + 1)/10,000 the destination is an unrestricted random map square. In that dangerous branch, anything other than floor or an open door kills the player immediately.',
  disintegrate: 'A player loses the cloak in the cloak slot first, then body armor if no cloak is present, or suffers 250 unstoppable damage with neither.',
  sleepgas: 'The gas deals no direct HP damage.',
  acid: 'The player is hit only when a random integer from zero through 99 exceeds Agility + level. A hit kills a mount and deals zero through 5D minus one acid damage to the player.',
  abyss: 'A player falls if a zero-through-99 roll exceeds Dexterity + level; riding invokes an abyss entry before this separate check.',
  abyssOutside: 'Outside the current dungeon, abyss entry attempts to teleport you to a random countryside location',
  levitation: 'An unmounted levitating player normally bypasses trap effects. Riding negates that protection',
  shadowform: 'Shadowform bypasses these thirteen trap handlers, but does not prevent entering an already open abyss.',
  absorption: 'Damage numbers are before relevant immunity and absorption',
};

/** D of a place at a depth, from the seed's list ("Rampart has D = 3", "depth/3 + 1 in the caves"). */
function difficulty(environment: string, depth: number): number {
  const fixed: Record<string, RegExp> = { city: /Rampart has D = (\d+)/, village: /a village D = (\d+)/, arena: /the arena D = (\d+)/ };
  const f = fixed[environment];
  if (f) return Number(SEED.match(f)![1]);
  const m = SEED.match(new RegExp(`depth/(\\d+) \\+ (\\d+) in the ${environment}`))!;
  return Math.trunc(depth / Number(m[1])) + Number(m[2]);
}
/** The dungeons: the places whose D grows with depth. */
const isDungeon = (environment: string) => new RegExp(`depth/\\d+ \\+ \\d+ in the ${environment}`).test(SEED);

interface Frac {
  n: bigint;
  d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const frac = (n: number | bigint, d: number | bigint = 1): Frac => ({ n: BigInt(n), d: BigInt(d) });
const plus = (a: Frac, b: Frac): Frac => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const times = (a: Frac, b: Frac): Frac => ({ n: a.n * b.n, d: a.d * b.d });
const text = (f: Frac): string => {
  if (f.n === 0n) return '0/1';
  const g = gcd(f.n, f.d);
  return `${f.n / g}/${f.d / g}`;
};

interface Situation {
  trap: string;
  hp: number;
  environment?: string;
  depth?: number;
  difficulty?: number;
  agility?: number;
  dex?: number;
  level?: number;
  absorption?: number;
  load?: number;
  riding?: boolean;
  levitating?: boolean;
  shadowform?: boolean;
  immunities?: string;
  cloak?: boolean;
  'body-armour'?: boolean;
  disintegrated?: boolean;
  width?: number;
  height?: number;
  'open-squares'?: number;
  hazard?: string;
}

/** The four outcomes, exactly, from the seed's sentences alone. */
function expected(s: Situation): Record<string, string> {
  const env = s.environment ?? 'caves';
  const depth = s.depth ?? 1;
  const D = s.difficulty ?? difficulty(env, depth);
  const agi = s.agility ?? 12;
  const lvl = s.level ?? 1;
  const abs = s.absorption ?? 0;
  const immune = (t: string) => (s.immunities ?? '').split(',').includes(t);
  const out: Record<string, Frac> = { avoided: frac(0), unhurt: frac(0), hurt: frac(0), death: frac(0) };
  const add = (k: string, p: Frac) => (out[k] = plus(out[k]!, p));
  const harm = (p: Frac, lost: number) => add(lost <= 0 ? 'unhurt' : lost >= s.hp ? 'death' : 'hurt', p);
  // Physical damage after "normal physical damage handling": less absorption, at least 1, nothing if immune.
  const physical = (x: number) => (immune('normal') ? 0 : Math.max(1, x - abs));
  /** Each face r of random_range(k), with its weight. */
  const faces = (k: number, f: (r: number, p: Frac) => void) => {
    for (let r = 0; r < k; r++) f(r, frac(1, k));
  };
  const whole = frac(1);

  if ((s.levitating && !s.riding) || s.shadowform) {
    add('avoided', whole);
  } else
    switch (s.trap) {
      case 'dart':
        faces(100, (r, p) => (r < abs ? add('unhurt', p) : harm(p, physical(D))));
        break;
      case 'pit':
        if ((s.load ?? 0) === 0) add('unhurt', whole); // no load is under half of any maximum
        else {
          harm(frac(1, 3), physical(5 * D));
          harm(frac(2, 3), physical(2 * D));
        }
        break;
      case 'trapdoor':
        if (!isDungeon(env)) add('unhurt', whole);
        else faces(100, (r, p) => (r < agi ? add('unhurt', p) : harm(p, physical(D) + (s.disintegrated ? 0 : depth * D))));
        break;
      case 'blade':
        faces(30, (r, p) => {
          if (r < agi + lvl || s.riding) return add('unhurt', p);
          for (let x = D; x <= 4 * D - 1; x++) harm(times(p, frac(1, 3 * D)), immune('normal') ? 0 : Math.max(1, x - 2 * abs));
        });
        break;
      case 'fire':
        if (s.riding) add('unhurt', whole);
        else
          faces(50, (r, p) => {
            if (r < agi + lvl) return add('unhurt', p);
            faces(5 * (D + 1), (x, q) => harm(times(p, q), immune('flame') ? 0 : x));
          });
        break;
      case 'acid':
        faces(100, (r, p) => {
          if (!(r > agi + lvl)) return add('unhurt', p);
          faces(5 * D, (x, q) => harm(times(p, q), immune('acid') ? 0 : x));
        });
        break;
      case 'teleport': {
        const dangerous = frac(Math.min(10000, D * D + 1), 10000);
        const squares = (s.width ?? 80) * (s.height ?? 40);
        const kills = times(dangerous, frac(squares - (s['open-squares'] ?? 0), squares));
        add('death', kills);
        add('unhurt', plus(whole, { n: -kills.n, d: kills.d }));
        break;
      }
      case 'disintegrate':
        harm(whole, s.cloak || s['body-armour'] ? 0 : 250);
        break;
      default:
        throw new Error(`no seed computation for ${s.trap}`);
    }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, text(v)]));
}

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => '' });
  return { code, out, err };
}

/** What `trapsmith odds omega step` prints, as outcome -> exact fraction. */
async function printed(s: Situation): Promise<Record<string, string>> {
  const args = ['odds', 'omega', 'step'];
  for (const [k, v] of Object.entries(s)) {
    if (v === false || v === undefined) continue;
    args.push(`--${k}`);
    if (v !== true) args.push(String(v));
  }
  const r = await cli(args);
  expect(r.code, r.err).toBe(0);
  const json = JSON.parse(r.out) as { outcomes: Record<string, { exact: string }> };
  return Object.fromEntries(Object.entries(json.outcomes).map(([k, v]) => [k, v.exact]));
}

const SITUATIONS: Situation[] = [
  { trap: 'dart', hp: 5, environment: 'countryside', difficulty: 7, absorption: 2 },
  { trap: 'dart', hp: 3, environment: 'city', absorption: 40 },
  { trap: 'pit', hp: 12, depth: 12, absorption: 1, load: 1_000_000 },
  { trap: 'pit', hp: 4, environment: 'arena', load: 0 },
  { trap: 'trapdoor', hp: 20, depth: 6, agility: 30 },
  { trap: 'trapdoor', hp: 25, depth: 6, agility: 30, absorption: 1 },
  { trap: 'trapdoor', hp: 4, depth: 9, disintegrated: true },
  { trap: 'trapdoor', hp: 1, environment: 'city' },
  { trap: 'blade', hp: 8, environment: 'city' },
  { trap: 'blade', hp: 5, environment: 'sewers', depth: 12, agility: 14, level: 5, absorption: 3 },
  { trap: 'blade', hp: 2, environment: 'arena', immunities: 'normal' },
  { trap: 'blade', hp: 9, environment: 'arena', riding: true, levitating: true },
  { trap: 'fire', hp: 8, environment: 'city' },
  { trap: 'fire', hp: 20, environment: 'volcano', depth: 8, agility: 20, level: 9 },
  { trap: 'fire', hp: 1, environment: 'city', immunities: 'flame' },
  { trap: 'fire', hp: 1, environment: 'city', riding: true },
  { trap: 'acid', hp: 10, depth: 9 },
  { trap: 'acid', hp: 6, environment: 'castle', depth: 5, agility: 40, level: 20 },
  { trap: 'teleport', hp: 30, difficulty: 30, 'open-squares': 1200 },
  { trap: 'teleport', hp: 30, environment: 'village', width: 40, height: 25, 'open-squares': 1000 },
  { trap: 'disintegrate', hp: 250 },
  { trap: 'disintegrate', hp: 251 },
  { trap: 'disintegrate', hp: 1, cloak: true },
  { trap: 'disintegrate', hp: 1, 'body-armour': true, riding: true },
  { trap: 'dart', hp: 1, levitating: true },
  { trap: 'blade', hp: 1, shadowform: true },
];

describe('omega: the whole step onto a trap, exactly, as the seed says', () => {
  it('the seed says what the computation reads (each sentence, word for word)', () => {
    for (const [trap, sentence] of Object.entries(RULES)) expect(SEED, trap).toContain(sentence);
    expect([difficulty('city', 1), difficulty('village', 1), difficulty('arena', 1), difficulty('caves', 12), difficulty('sewers', 12)]).toEqual([3, 1, 5, 5, 5]);
  });

  for (const s of SITUATIONS) {
    const { trap, hp, ...rest } = s;
    it(`${trap}, ${hp} HP, ${JSON.stringify(rest)}: as the seed's rules give`, async () => {
      expect(await printed(s)).toEqual(expected(s));
    });
  }

  it('sleep gas, snare, manadrain and a siren outside a house never hurt on the step: unhurt, always', async () => {
    for (const trap of ['sleepgas', 'snare', 'manadrain', 'siren']) expect(await printed({ trap, hp: 1, environment: 'city' }), trap).toEqual({ avoided: '0/1', unhurt: '1/1', hurt: '0/1', death: '0/1' });
  });

  it('the abyss: you fall in when 0..99 exceeds Dex + level, and a fall hurts (or Yog Sothoth kills at alignment 0)', async () => {
    for (const [dex, level] of [
      [12, 1],
      [40, 9],
      [0, 0],
    ] as const) {
      const o = await printed({ trap: 'abyss', hp: 10_000, dex, level, depth: 2 });
      const fall = Math.max(0, 99 - (dex + level));
      expect(o.avoided).toBe('0/1');
      expect(o.unhurt).toBe(text(frac(100 - fall, 100)));
      const harmed = plus(frac(...(o.hurt!.split('/').map(BigInt) as [bigint, bigint])), frac(...(o.death!.split('/').map(BigInt) as [bigint, bigint])));
      expect(text(harmed)).toBe(text(frac(fall, 100)));
    }
    // Riding, the horse's abyss entry comes first whatever the roll: someone always falls.
    const riding = await printed({ trap: 'abyss', hp: 10_000, dex: 99, riding: true, depth: 2 });
    expect(riding.unhurt).toBe('0/1');
    // Outside a dungeon the entry is a portal to the countryside: no harm.
    expect(await printed({ trap: 'abyss', hp: 1, environment: 'city', dex: 0, level: 0 })).toEqual({ avoided: '0/1', unhurt: '1/1', hurt: '0/1', death: '0/1' });
    // Shadowform does not keep you out of an open abyss.
    expect((await printed({ trap: 'abyss', hp: 1, shadowform: true, hazard: 'abyss' })).avoided).toBe('0/1');
  });

  it('refuses what no step outcome says (a siren in a house: jail) and a teleport without its map', async () => {
    for (const environment of ['house', 'mansion']) {
      const r = await cli(['odds', 'omega', 'step', '--trap', 'siren', '--hp', '5', '--environment', environment]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/siren in a house or mansion is not read: it sends you to jail/);
    }
    const t = await cli(['odds', 'omega', 'step', '--trap', 'teleport', '--hp', '5']);
    expect(t.code).toBe(2);
    expect(t.err).toMatch(/--open-squares/);
    const h = await cli(['odds', 'omega', 'step', '--trap', 'dart', '--hp', '5', '--hazard', 'fire']);
    expect(h.code).toBe(2);
    expect(h.err).toMatch(/only a fire trap/);
  });
});
