/**
 * The whole-trap step odds of d20 (`odds d20 step`) against a computation from the rules alone:
 * the pit, spike, magic-save and sound-trigger numbers read from the seed's text (seeds/003, in
 * French), RULES.md's naturals (a save fails on a natural 1 and succeeds on a natural 20; an attack
 * hits on a natural 20 and misses on a natural 1), the SRD's critical hits (a threat confirmed by a
 * second attack roll multiplies the damage dice and bonus; at least 1 damage), ability damage (an
 * ability at 0 is death, as the project decides; lost Constitution costs its modifier's drop x HD
 * hit points) and the SRD sample traps' own stat lines (checked against `trapsmith traps d20`).
 * Every situation is enumerated here path by path, as play goes (each missile in turn, stopping
 * at death), with exact fractions. Nothing here calls the ruleset's own programs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { seedText } from '../../support/seeds.ts';

const SEED = seedText('d20');

/** The numbers the seed's text gives: pits, spikes, a magic device's save DC and a sound trigger's Listen. */
function seedRules() {
  const pit = /elle subit (\d)d(\d) points de dégâts par tranche de 3\/?mètres de profondeur/.exec(SEED);
  const spikes = /autant de dégâts qu'une dague et \((\d)d(\d)\), si ce n'est qu'ils bénéficient d'un bonus de \+(\d+) au jet d'attaque et d'un autre de \+1 aux dégâts tous les 3 mètres de chute \(jusqu'à un maximum de \+(\d)\)\. S'il y a plusieurs pieux, le personnage risque de s'empaler sur (\d)d(\d) d'entre eux/.exec(SEED);
  const device = /DD égal à 10 \+ niveau du sort x 1,5/.test(SEED);
  const listen = /bénéficie d'un bonus de \+(\d+) aux tests de Perception auditive/.exec(SEED);
  if (!pit || !spikes || !device || !listen) throw new Error('the seed text no longer says what this test reads');
  return {
    /** Fall dice per 10 ft. (3 m). */
    fall: { n: Number(pit[1]), sides: Number(pit[2]) },
    spike: { n: Number(spikes[1]), sides: Number(spikes[2]), attack: Number(spikes[3]), maxBonus: Number(spikes[4]), count: { n: Number(spikes[5]), sides: Number(spikes[6]) } },
    deviceDc: (spellLevel: number) => Math.floor(10 + spellLevel * 1.5),
    listen: Number(listen[1]),
  };
}
const RULES = seedRules();

// ---------------------------------------------------------------- exact distributions

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b;

/** A distribution: integer weights over one denominator, outcomes keyed by their JSON. */
class Dist<T> {
  constructor(
    readonly entries: Map<string, { v: T; w: bigint }>,
    readonly den: bigint,
  ) {}

  static of<T>(pairs: Array<[T, bigint]>): Dist<T> {
    const m = new Map<string, { v: T; w: bigint }>();
    let den = 0n;
    for (const [v, w] of pairs) {
      den += w;
      const k = JSON.stringify(v);
      const e = m.get(k);
      if (e) e.w += w;
      else if (w > 0n) m.set(k, { v, w });
    }
    return new Dist(m, den);
  }

  static pure<T>(v: T): Dist<T> {
    return Dist.of([[v, 1n]]);
  }

  bind<U>(f: (v: T) => Dist<U>): Dist<U> {
    const parts = [...this.entries.values()].map((e) => ({ w: e.w, d: f(e.v) }));
    const l = parts.reduce((acc, p) => lcm(acc, p.d.den), 1n);
    const m = new Map<string, { v: U; w: bigint }>();
    for (const p of parts)
      for (const [k, e] of p.d.entries) {
        const w = p.w * e.w * (l / p.d.den);
        const old = m.get(k);
        if (old) old.w += w;
        else m.set(k, { v: e.v, w });
      }
    let g = this.den * l;
    for (const e of m.values()) g = gcd(g, e.w);
    for (const e of m.values()) e.w /= g;
    return new Dist(m, (this.den * l) / g);
  }

  map<U>(f: (v: T) => U): Dist<U> {
    return this.bind((v) => Dist.pure(f(v)));
  }

  /** The probability of each outcome as "n/d" (reduced; "0/1" for none). */
  fractions(names: readonly string[]): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of names) {
      const w = this.entries.get(JSON.stringify(name))?.w ?? 0n;
      const g = gcd(w, this.den) || 1n;
      out[name] = w === 0n ? '0/1' : `${w / g}/${this.den / g}`;
    }
    return out;
  }
}

const die = (sides: number) => Dist.of(Array.from({ length: sides }, (_, i): [number, bigint] => [i + 1, 1n]));
function dice(n: number, sides: number): Dist<number> {
  let d = Dist.pure(0);
  for (let i = 0; i < n; i++) d = d.bind((t) => die(sides).map((f) => t + f));
  return d;
}
const mod = (score: number) => Math.floor((score - 10) / 2);

/** RULES.md: a saving throw fails on a natural 1 and succeeds on a natural 20. */
const saves = (bonus: number, dc: number) => die(20).map((n) => n === 20 || (n !== 1 && n + bonus >= dc));
/** RULES.md: an attack roll hits on a natural 20 and misses on a natural 1. */
const hits = (natural: number, bonus: number, ac: number) => natural === 20 || (natural !== 1 && natural + bonus >= ac);

// ---------------------------------------------------------------- the victim, path by path

/** The victim as the trap leaves it: hit points, the poisoned ability's score, and whether it lost either. */
type Victim = { hp: number; score: number; hurt: boolean };
const dead = (v: Victim) => v.hp <= 0 || v.score <= 0;
const lose = (v: Victim, hp: number): Victim => (hp > 0 ? { ...v, hp: v.hp - hp, hurt: true } : v);

interface Who {
  hp: number;
  ac: number;
  ref: number;
  fort: number;
  score?: number;
  hd?: number;
  undead?: boolean;
}

/** An attack as the SRD's stat line gives it: bonus, damage dice plus a bonus, critical range and multiplier. */
interface Attack {
  bonus: number;
  n: number;
  sides: number;
  plus: number;
  range: number;
  mult: number;
}

/**
 * One attack at the victim: the natural; a threat (natural in the range that hits) confirmed by a
 * second roll that hits is a critical, its damage (dice and bonus) rolled `mult` times; at least 1.
 */
function attackDamage(a: Attack, ac: number): Dist<number> {
  const once = dice(a.n, a.sides).map((d) => d + a.plus);
  const times = (k: number): Dist<number> => (k === 0 ? Dist.pure(0) : times(k - 1).bind((t) => once.map((d) => t + d)));
  return die(20).bind((natural) => {
    if (!hits(natural, a.bonus, ac)) return Dist.pure(0);
    const critical = natural >= a.range ? die(20).map((c) => hits(c, a.bonus, ac)) : Dist.pure(false);
    return critical.bind((crit) => times(crit ? a.mult : 1).map((d) => Math.max(1, d)));
  });
}

/** A poison's initial dose as the SRD lists it: Fortitude DC, and the ability (or hit points) it damages by how much. */
interface Dose {
  dc: number;
  ability: 'con' | 'dex' | 'str' | 'cha' | 'hp' | null;
  amount: Dist<number>;
}

function poisoned(v: Victim, dose: Dose, who: Who): Dist<Victim> {
  if (who.undead || dead(v)) return Dist.pure(v);
  const start = who.score ?? 10;
  // Lost Constitution lowers the Fortitude save the next dose rolls.
  const fort = who.fort + (dose.ability === 'con' ? mod(v.score) - mod(start) : 0);
  return saves(fort, dose.dc).bind((made) => {
    if (made || dose.ability === null) return Dist.pure(v);
    return dose.amount.map((a): Victim => {
      if (dose.ability === 'hp') return lose(v, a);
      const after = Math.max(0, v.score - a);
      const hit = { ...v, score: after, hurt: v.hurt || a > 0 };
      if (dose.ability !== 'con' || after <= 0) return hit;
      return lose(hit, (mod(v.score) - mod(after)) * (who.hd ?? 1));
    });
  });
}

/** The dead, all alike (so that their paths merge). */
const DEAD: Victim = { hp: 0, score: 0, hurt: true };
const settle = (v: Victim): Victim => (dead(v) ? DEAD : v);

/**
 * `count` attacks one after another while the victim lives, each hit poisoning (lost Dexterity
 * lowers the AC the next attack meets), volley by volley over the victims alike so far.
 */
function volley(v0: Victim, count: Dist<number>, a: Attack, who: Who, dose: Dose | null): Dist<Victim> {
  const start = who.score ?? 10;
  let state = count.map((left) => ({ v: v0, left }));
  const most = Math.max(...[...count.entries.values()].map((e) => e.v));
  for (let i = 0; i < most; i++)
    state = state.bind(({ v, left }) => {
      if (left === 0 || dead(v)) return Dist.pure({ v, left: 0 });
      const ac = who.ac + (dose?.ability === 'dex' ? mod(v.score) - mod(start) : 0);
      return attackDamage(a, ac)
        .bind((d) => {
          // A miss deals 0; every hit deals at least 1 and then poisons.
          if (d === 0) return Dist.pure(v);
          const hit = lose(v, d);
          return dose ? poisoned(hit, dose, who) : Dist.pure(hit);
        })
        .map((next) => ({ v: settle(next), left: left - 1 }));
    });
  return state.map((s) => s.v);
}

/** A pit: Reflex DC, else 1d6 per 10 ft., then spikes, then what lies at the bottom. */
function pit(v: Victim, dc: number, feet: number, spiked: boolean, who: Who, bottom: ((v: Victim) => Dist<Victim>) | null): Dist<Victim> {
  const tens = feet / 10;
  return saves(who.ref, dc).bind((made) => {
    if (made) return Dist.pure(v);
    let out = dice(tens * RULES.fall.n, RULES.fall.sides).map((d) => lose(v, d));
    if (spiked) {
      // Daggers (19-20/x2 in the SRD's weapon table).
      const spike: Attack = { bonus: RULES.spike.attack, n: RULES.spike.n, sides: RULES.spike.sides, plus: Math.min(RULES.spike.maxBonus, tens), range: 19, mult: 2 };
      out = out.bind((x) => volley(x, dice(RULES.spike.count.n, RULES.spike.count.sides), spike, who, null));
    }
    if (bottom) out = out.bind((x) => (dead(x) ? Dist.pure(x) : bottom(x)));
    return out;
  });
}

/** A spell's damage rolled once, a save for half (rounded down). */
function blast(v: Victim, damage: Dist<number>, dc: number, bonus: number): Dist<Victim> {
  return damage.bind((d) => saves(bonus, dc).map((made) => lose(v, made ? Math.floor(d / 2) : d)));
}

const OUTCOMES = ['avoided', 'unhurt', 'hurt', 'down', 'death'] as const;
function outcomes(who: Who, effect: ((v: Victim) => Dist<Victim>) | null): Record<string, string> {
  if (!effect) return Dist.pure('avoided').fractions(OUTCOMES);
  const v0: Victim = { hp: who.hp, score: who.score ?? 10, hurt: false };
  return effect(v0)
    .map((v) => (dead(v) ? 'death' : v.hurt ? 'hurt' : 'unhurt'))
    .fractions(OUTCOMES);
}

// ---------------------------------------------------------------- the SRD's sample traps

/** Stat lines of the SRD 3.5 sample traps (Traps.md), as the table `trapsmith traps d20` must show them. */
const SPEAR: Attack = { bonus: 12, n: 1, sides: 8, plus: 0, range: 20, mult: 3 }; // Atk +12 ranged (1d8/x3, spear)
const JAVELIN: Attack = { bonus: 16, n: 1, sides: 6, plus: 4, range: 20, mult: 2 }; // Atk +16 ranged (1d6+4, javelin)
const WALL_SCYTHE: Attack = { bonus: 20, n: 2, sides: 4, plus: 8, range: 20, mult: 4 }; // Atk +20 melee (2d4+8/x4, scythe)
const DART: Attack = { bonus: 10, n: 1, sides: 4, plus: 1, range: 19, mult: 2 }; // Atk +10 ranged (1d4+1, dart); 1d4 darts per target
const POISON_DART: Attack = { bonus: 8, n: 1, sides: 4, plus: 0, range: 19, mult: 2 }; // Atk +8 ranged (1d4 plus poison, dart)
const TABLE_COLUMNS: Record<string, string> = {
  spear: '+12',
  javelin: '+16',
  wall_scythe: '+20',
  darts: '+10',
  poison_dart: '+8',
  camo_pit: 'DC 20 Reflex',
  pit: 'DC 20 Reflex',
  spiked_pit: 'DC 20 Reflex',
  glyph_blast: 'DC 14 Reflex half',
  burning_hands: `DC ${RULES.deviceDc(1)} Reflex half`,
};

interface Case {
  name: string;
  args: string[];
  expected: () => Record<string, string>;
}

const GREENBLOOD_DARTS = '{"trigger":"location","reset":"manual","attack":18,"damage":"1d8*1d4","ranged-str":1,"poison":"greenblood_oil"}';
const WASP_DARTS = '{"trigger":"location","reset":"manual","attack":12,"damage":"1d3*1d4","poison":"giant_wasp_poison"}';
const SASSONE_KNOB = '{"trigger":"location","reset":"manual","poison":"sassone_leaf_residue"}';
const LIGHTNING_EAR = '{"magic":"device","trigger":"sound","spell-level":3,"caster-level":5,"damage":"5d6"}';
const DROPPING_CEILING = '{"trigger":"location","reset":"repair","damage":"12d6","multiple-targets":true,"never-miss":true,"onset":1}';

const CASES: Case[] = [
  { name: 'a spear trap, AC 14, 5 HP', args: ['--trap', 'spear', '--hp', '5', '--ac', '14'], expected: () => outcomes({ hp: 5, ac: 14, ref: 0, fort: 0 }, (v) => volley(v, Dist.pure(1), SPEAR, { hp: 5, ac: 14, ref: 0, fort: 0 }, null)) },
  { name: 'a spear trap, AC 25, 20 HP', args: ['--trap', 'spear', '--hp', '20', '--ac', '25'], expected: () => outcomes({ hp: 20, ac: 25, ref: 0, fort: 0 }, (v) => volley(v, Dist.pure(1), SPEAR, { hp: 20, ac: 25, ref: 0, fort: 0 }, null)) },
  { name: 'a javelin trap, AC 18, 8 HP', args: ['--trap', 'javelin', '--hp', '8', '--ac', '18'], expected: () => outcomes({ hp: 8, ac: 18, ref: 0, fort: 0 }, (v) => volley(v, Dist.pure(1), JAVELIN, { hp: 8, ac: 18, ref: 0, fort: 0 }, null)) },
  { name: 'a wall scythe, AC 22, 24 HP', args: ['--trap', 'wall_scythe', '--hp', '24', '--ac', '22'], expected: () => outcomes({ hp: 24, ac: 22, ref: 0, fort: 0 }, (v) => volley(v, Dist.pure(1), WALL_SCYTHE, { hp: 24, ac: 22, ref: 0, fort: 0 }, null)) },
  { name: 'a fusillade of darts, AC 12, 6 HP', args: ['--trap', 'darts', '--hp', '6', '--ac', '12'], expected: () => outcomes({ hp: 6, ac: 12, ref: 0, fort: 0 }, (v) => volley(v, dice(1, 4), DART, { hp: 6, ac: 12, ref: 0, fort: 0 }, null)) },
  {
    name: 'a poison dart trap (bloodroot: nothing until its secondary dose), AC 13, 3 HP',
    args: ['--trap', 'poison_dart', '--hp', '3', '--ac', '13', '--fort', '2'],
    // Bloodroot: DC 12 Fortitude, initial damage 0 (1d4 Con + 1d3 Wis a minute later, not on the step).
    expected: () => outcomes({ hp: 3, ac: 13, ref: 0, fort: 2 }, (v) => volley(v, Dist.pure(1), POISON_DART, { hp: 3, ac: 13, ref: 0, fort: 2 }, { dc: 12, ability: null, amount: Dist.pure(0) })),
  },
  { name: 'a camouflaged pit (10 ft.), Reflex +4, 3 HP', args: ['--trap', 'camo_pit', '--hp', '3', '--ref', '4'], expected: () => outcomes({ hp: 3, ac: 10, ref: 4, fort: 0 }, (v) => pit(v, 20, 10, false, { hp: 3, ac: 10, ref: 4, fort: 0 }, null)) },
  { name: 'a 40-ft. pit, Reflex +2, 12 HP', args: ['--trap', 'pit', '--hp', '12', '--ref', '2'], expected: () => outcomes({ hp: 12, ac: 10, ref: 2, fort: 0 }, (v) => pit(v, 20, 40, false, { hp: 12, ac: 10, ref: 2, fort: 0 }, null)) },
  {
    name: 'a spiked pit (20 ft.), Reflex +5, AC 14, 12 HP',
    args: ['--trap', 'spiked_pit', '--hp', '12', '--ref', '5', '--ac', '14'],
    expected: () => outcomes({ hp: 12, ac: 14, ref: 5, fort: 0 }, (v) => pit(v, 20, 20, true, { hp: 12, ac: 14, ref: 5, fort: 0 }, null)),
  },
  {
    name: 'a camouflaged pit with a spear trap at the bottom, Reflex +2, AC 14, 6 HP',
    args: ['--trap', 'camo_pit', '--bottom', 'spear', '--hp', '6', '--ref', '2', '--ac', '14'],
    expected: () => {
      const who = { hp: 6, ac: 14, ref: 2, fort: 0 };
      return outcomes(who, (v) => pit(v, 20, 10, false, who, (x) => volley(x, Dist.pure(1), SPEAR, who, null)));
    },
  },
  {
    name: 'a 40-ft. pit with ungol dust vapor at the bottom (no onset: the fall sets it off), Charisma 2, Fortitude +1, 30 HP',
    args: ['--trap', 'pit', '--bottom', 'ungol_vapor', '--hp', '30', '--ref', '0', '--fort', '1', '--score', '2'],
    // Ungol dust: DC 15 Fortitude, initial damage 1 Cha.
    expected: () => {
      const who = { hp: 30, ac: 10, ref: 0, fort: 1, score: 2 };
      return outcomes(who, (v) => pit(v, 20, 40, false, who, (x) => poisoned(x, { dc: 15, ability: 'cha', amount: Dist.pure(1) }, who)));
    },
  },
  {
    name: 'a glyph of warding (blast), Reflex +3, 9 HP',
    args: ['--trap', 'glyph_blast', '--hp', '9', '--ref', '3'],
    // 2d8 acid, DC 14 Reflex half.
    expected: () => outcomes({ hp: 9, ac: 10, ref: 3, fort: 0 }, (v) => blast(v, dice(2, 8), 14, 3)),
  },
  {
    name: 'a burning hands trap approached, Reflex 0, 3 HP',
    args: ['--trap', 'burning_hands', '--hp', '3'],
    // 1d4 fire, the device's save DC 10 + 1 x 1.5 = 11, Reflex half.
    expected: () => outcomes({ hp: 3, ac: 10, ref: 0, fort: 0 }, (v) => blast(v, dice(1, 4), RULES.deviceDc(1), 0)),
  },
  { name: 'a burning hands trap one already stands within the reach of', args: ['--trap', 'burning_hands', '--hp', '3', '--within'], expected: () => outcomes({ hp: 3, ac: 10, ref: 0, fort: 0 }, null) },
  { name: 'a spear trap under a flier', args: ['--trap', 'spear', '--hp', '3', '--flying'], expected: () => outcomes({ hp: 3, ac: 10, ref: 0, fort: 0 }, null) },
  { name: 'a glyph of warding keyed to the stepper', args: ['--trap', 'glyph_blast', '--hp', '3', '--keyed'], expected: () => outcomes({ hp: 3, ac: 10, ref: 0, fort: 0 }, null) },
  { name: 'a ceiling pendulum (timed: not on the step)', args: ['--trap', 'pendulum', '--hp', '3'], expected: () => outcomes({ hp: 3, ac: 10, ref: 0, fort: 0 }, null) },
  {
    name: 'ungol dust vapor (onset 2 rounds: nothing on the step)',
    args: ['--trap', 'ungol_vapor', '--hp', '3', '--score', '1'],
    expected: () => outcomes({ hp: 3, ac: 10, ref: 0, fort: 0, score: 1 }, () => Dist.pure<Victim>({ hp: 3, score: 1, hurt: false })),
  },
  {
    name: 'a designed dropping ceiling (12d6, onset 1 round: nothing on the step)',
    args: ['--trap', 'designed', '--design', DROPPING_CEILING, '--hp', '3'],
    expected: () => outcomes({ hp: 3, ac: 10, ref: 0, fort: 0 }, () => Dist.pure<Victim>({ hp: 3, score: 10, hurt: false })),
  },
  {
    name: 'a designed fusillade of greenblood oil darts (1d8 darts of 1d4+1, each a dose of 1 Con), AC 16, Fortitude +1, Con 11, 3 HD, 14 HP',
    args: ['--trap', 'designed', '--design', GREENBLOOD_DARTS, '--hp', '14', '--ac', '16', '--fort', '1', '--score', '11', '--hd', '3'],
    expected: () => {
      const who = { hp: 14, ac: 16, ref: 0, fort: 1, score: 11, hd: 3 };
      // Greenblood oil: DC 13 Fortitude, initial damage 1 Con. A designed trap's crit: 20/x2.
      const dose: Dose = { dc: 13, ability: 'con', amount: Dist.pure(1) };
      return outcomes(who, (v) => volley(v, dice(1, 8), { bonus: 18, n: 1, sides: 4, plus: 1, range: 20, mult: 2 }, who, dose));
    },
  },
  {
    name: 'a designed volley of giant wasp darts (1d3 darts of 1d4, each a dose of 1d6 Dex), AC 15, Fortitude 0, Dex 13, 9 HP',
    args: ['--trap', 'designed', '--design', WASP_DARTS, '--hp', '9', '--ac', '15', '--score', '13'],
    expected: () => {
      const who = { hp: 9, ac: 15, ref: 0, fort: 0, score: 13 };
      // Giant wasp poison: DC 18 Fortitude, initial damage 1d6 Dex (lowering the AC the next dart meets).
      return outcomes(who, (v) => volley(v, dice(1, 3), { bonus: 12, n: 1, sides: 4, plus: 0, range: 20, mult: 2 }, who, { dc: 18, ability: 'dex', amount: dice(1, 6) }));
    },
  },
  {
    name: 'the giant wasp darts at an undead (immune to poison)',
    args: ['--trap', 'designed', '--design', WASP_DARTS, '--hp', '9', '--ac', '15', '--score', '13', '--undead'],
    expected: () => {
      const who = { hp: 9, ac: 15, ref: 0, fort: 0, score: 13, undead: true };
      return outcomes(who, (v) => volley(v, dice(1, 3), { bonus: 12, n: 1, sides: 4, plus: 0, range: 20, mult: 2 }, who, { dc: 18, ability: 'dex', amount: dice(1, 6) }));
    },
  },
  {
    name: 'a designed floor smeared with sassone leaf residue (contact: DC 16, 2d12 hit points), Fortitude +3, 14 HP',
    args: ['--trap', 'designed', '--design', SASSONE_KNOB, '--hp', '14', '--fort', '3'],
    expected: () => {
      const who = { hp: 14, ac: 10, ref: 0, fort: 3 };
      return outcomes(who, (v) => poisoned(v, { dc: 16, ability: 'hp', amount: dice(2, 12) }, who));
    },
  },
  {
    name: 'a designed lightning bolt device with a sound trigger (Listen +15 against Move Silently +6), Reflex +2, 16 HP',
    args: ['--trap', 'designed', '--design', LIGHTNING_EAR, '--hp', '16', '--ref', '2', '--move-silently', '6'],
    expected: () => {
      // Heard when d20 + 15 >= d20 + 6 (ties to the trap); then 5d6, the device's DC 10 + 3 x 1.5 = 14, Reflex half.
      const heard = die(20).bind((listen) => die(20).map((quiet) => listen + RULES.listen >= quiet + 6));
      return heard
        .bind((h): Dist<string> => (h ? blast({ hp: 16, score: 10, hurt: false }, dice(5, 6), RULES.deviceDc(3), 2).map((v) => (dead(v) ? 'death' : v.hurt ? 'hurt' : 'unhurt')) : Dist.pure('avoided')))
        .fractions(OUTCOMES);
    },
  },
];

/**
 * The cases above are of the rules with death at 0 hit points (the setting dying=dead-at-0, as
 * the project played before the SRD's dying rules): they read it through a variant file.
 */
const DEAD_AT_0 = join(mkdtempSync(join(tmpdir(), 'd20-step-')), 'dead-at-0.json');
writeFileSync(DEAD_AT_0, JSON.stringify({ name: 'dead at 0', ruleset: 'd20', settings: { dying: 'dead-at-0' } }));

// ---------------------------------------------------------------- the SRD's dying rules (dying=srd, the default)

/**
 * The SRD's "Injury and Death", alone (nobody to help, nothing else hurting): dying at h (−1..−9),
 * each round 1/10 stable, else −1; stable, each hour 1/10 conscious, else −1; conscious, each day
 * 1/10 recovering (saved), else −1; dead at −10. With n = h + 10 losses to death: conscious dies
 * with (9/10)^n; stable with (9/10)^n (1 + n/10) (it wakes after k losses, 0 ≤ k < n, then dies
 * conscious, or loses all n asleep); dying with (9/10)^n (1 + n/10 + n(n+1)/200) likewise. As
 * weights over 200 x 10^n: 9^n (200 + 20n + n(n+1)).
 */
function srdDeath(h: number): { num: bigint; den: bigint } {
  if (h <= -10) return { num: 1n, den: 1n };
  if (h >= 0) return { num: 0n, den: 1n };
  const n = BigInt(h + 10);
  return { num: 9n ** n * (200n + 20n * n + n * (n + 1n)), den: 200n * 10n ** n };
}

/** What the trap leaves the victim as, under dying=srd: down and living, or dead (at once or bleeding out alone). */
function srdOutcomes(who: Who, effect: (v: Victim) => Dist<Victim>): Record<string, string> {
  const v0: Victim = { hp: who.hp, score: who.score ?? 10, hurt: false };
  return effect(v0)
    .bind((v): Dist<string> => {
      // Not hurt is unhurt, even for one already disabled at 0 or below (he stays as he was).
      if (!v.hurt) return Dist.pure('unhurt');
      if (v.hp >= 1) return Dist.pure('hurt');
      const d = srdDeath(v.hp);
      return Dist.of([
        ['death', d.num],
        ['down', d.den - d.num],
      ]);
    })
    .fractions(OUTCOMES);
}

/** Single blows and falls (no volley: a volley here stops at 0 hit points, where the SRD's victim lives on). */
const SRD_CASES: Case[] = [
  { name: 'a spear trap, AC 14, 5 HP', args: ['--trap', 'spear', '--hp', '5', '--ac', '14'], expected: () => srdOutcomes({ hp: 5, ac: 14, ref: 0, fort: 0 }, (v) => attackDamage(SPEAR, 14).map((d) => lose(v, d))) },
  { name: 'a javelin trap, AC 18, 8 HP', args: ['--trap', 'javelin', '--hp', '8', '--ac', '18'], expected: () => srdOutcomes({ hp: 8, ac: 18, ref: 0, fort: 0 }, (v) => attackDamage(JAVELIN, 18).map((d) => lose(v, d))) },
  { name: 'a camouflaged pit (10 ft.), Reflex +4, 3 HP', args: ['--trap', 'camo_pit', '--hp', '3', '--ref', '4'], expected: () => srdOutcomes({ hp: 3, ac: 10, ref: 4, fort: 0 }, (v) => pit(v, 20, 10, false, { hp: 3, ac: 10, ref: 4, fort: 0 }, null)) },
  { name: 'a 40-ft. pit, Reflex +2, 12 HP', args: ['--trap', 'pit', '--hp', '12', '--ref', '2'], expected: () => srdOutcomes({ hp: 12, ac: 10, ref: 2, fort: 0 }, (v) => pit(v, 20, 40, false, { hp: 12, ac: 10, ref: 2, fort: 0 }, null)) },
  { name: 'a glyph of warding (blast), Reflex +3, 9 HP', args: ['--trap', 'glyph_blast', '--hp', '9', '--ref', '3'], expected: () => srdOutcomes({ hp: 9, ac: 10, ref: 3, fort: 0 }, (v) => blast(v, dice(2, 8), 14, 3)) },
  // Disabled at 0 or below (conscious, under the SRD's rules): any blow leaves him dying.
  { name: 'a camouflaged pit stepped into at -4 hp, Reflex 0', args: ['--trap', 'camo_pit', '--hp', '-4'], expected: () => srdOutcomes({ hp: -4, ac: 10, ref: 0, fort: 0 }, (v) => pit(v, 20, 10, false, { hp: -4, ac: 10, ref: 0, fort: 0 }, null)) },
];

/** What `trapsmith odds d20 step` prints, as outcome -> exact fraction (under dying=dead-at-0 unless `srd`). */
async function printed(args: string[], srd = false): Promise<Record<string, string>> {
  let out = '';
  let err = '';
  const code = await main(['odds', 'd20', 'step', ...args, ...(srd ? [] : ['--variant', DEAD_AT_0])], { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => '' });
  expect(code, err).toBe(0);
  const json = JSON.parse(out) as { outcomes: Record<string, { exact: string }> };
  return Object.fromEntries(Object.entries(json.outcomes).map(([k, v]) => [k, v.exact]));
}

async function refusal(args: string[]): Promise<string> {
  let err = '';
  const code = await main(['odds', 'd20', 'step', ...args], { out: () => {}, err: (t) => (err += t), stdin: async () => '' });
  expect(code).toBe(2);
  return err;
}

describe('d20: the whole step onto a trap, exactly', () => {
  it('the table plays the SRD sample traps this test reads', async () => {
    let out = '';
    expect(await main(['traps', 'd20', '--format', 'json'], { out: (t) => (out += t), err: () => {}, stdin: async () => '' })).toBe(0);
    const traps = (JSON.parse(out) as { traps: Array<{ id: string; columns: Record<string, unknown> }> }).traps;
    for (const [id, column] of Object.entries(TABLE_COLUMNS)) expect(traps.find((t) => t.id === id)?.columns['attack/save'], id).toBe(column);
    const damage = (id: string) => traps.find((t) => t.id === id)?.columns.damage;
    expect([damage('camo_pit'), damage('pit'), damage('spiked_pit'), damage('darts'), damage('wall_scythe')]).toEqual(['10 ft. (1d6)', '40 ft. (4d6)', '20 ft. (2d6), spikes', '1d4 x 1d4+1', '2d4+8']);
  });

  for (const c of CASES) {
    it(`${c.name}: as the rules give`, async () => {
      expect(await printed(c.args)).toEqual(c.expected());
    });
  }

  for (const c of SRD_CASES) {
    it(`under the SRD's dying rules (the default), ${c.name}: down or dead as the rules give`, async () => {
      expect(await printed(c.args, true)).toEqual(c.expected());
    });
  }

  it('the SRD\'s chain alone: from -9, 9/10 die on the next roll; from -1, dead with (9/10)^9 x 2.35', () => {
    expect(srdDeath(-1)).toEqual({ num: 9n ** 9n * 470n, den: 200n * 10n ** 9n });
    // -9: dead at once 9/10, else stable: 9/10, else conscious: 9/10: survives 1/1000.
    const d = srdDeath(-9);
    expect(Number(d.num) / Number(d.den)).toBeCloseTo(0.999, 12);
  });

  it('refuses what nobody steps onto, and what it cannot read, naming it', async () => {
    expect(await refusal(['--trap', 'poison_needle', '--hp', '5'])).toMatch(/the poison needle trap sits on chests and doors, not on the floor: nobody steps onto it/);
    expect(await refusal(['--trap', 'designed', '--hp', '5'])).toMatch(/a designed trap needs --design/);
    expect(await refusal(['--trap', 'designed', '--hp', '5', '--design', '{"trigger":"location"}'])).toMatch(/--design: --reset is required/);
    expect(await refusal(['--trap', 'spear', '--hp', '5', '--bottom', 'spear'])).toMatch(/--bottom is what lies at a pit's bottom; the spear trap is no pit/);
    expect(await refusal(['--trap', 'pit', '--hp', '5', '--bottom', 'pit'])).toMatch(/--bottom: "pit" cannot lie at a pit's bottom/);
  });
});
