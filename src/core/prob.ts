/**
 * Probability programs: a random check is written once, as a value of `Prob<T>`, and read by two
 * interpreters: `sample` draws one outcome from a seeded stream (play and simulation), `exact`
 * gives every outcome's probability (exact BigInt fractions where the maths allows, floats once a
 * normal distribution is involved). The odds a designer reads therefore cannot drift from the game.
 *
 * Sums of many dice are convolved, comparisons of two independent sums use cumulative sums, and
 * loops (`iterate`) are computed as Markov chains over their states, so nothing enumerates paths.
 */
import { MAX_ROLL_DICE, PER_DIE_MAX } from './diceLimits.ts';
import { InputError } from './errors.ts';
import { type Fraction, fraction, fractionToNumber, fractionToString, gcd, lcm } from './fraction.ts';
import { normalCdf } from './normal.ts';
import type { Random } from './rng.ts';

/** Values a program may produce: anything with a stable JSON form. */
export type Outcome = number | string | boolean | null | readonly Outcome[] | { readonly [key: string]: Outcome };

type Node =
  | { readonly kind: 'const'; readonly value: Outcome }
  | { readonly kind: 'dice'; readonly n: number; readonly sides: number }
  | { readonly kind: 'uniform'; readonly lo: number; readonly hi: number }
  | { readonly kind: 'choice'; readonly options: ReadonlyArray<readonly [number | bigint, Outcome]> }
  | { readonly kind: 'bernoulli'; readonly num: bigint; readonly den: bigint }
  | { readonly kind: 'roundedNormal'; readonly mean: number; readonly sd: number }
  | { readonly kind: 'map'; readonly src: Prob<Outcome>; readonly f: (v: Outcome) => Outcome }
  | { readonly kind: 'bind'; readonly src: Prob<Outcome>; readonly f: (v: Outcome) => Prob<Outcome> }
  | {
      readonly kind: 'lift2';
      readonly a: Prob<Outcome>;
      readonly b: Prob<Outcome>;
      readonly f: (a: Outcome, b: Outcome) => Outcome;
    }
  | { readonly kind: 'compare'; readonly a: Prob<number>; readonly b: Prob<number> }
  | { readonly kind: 'sumOf'; readonly n: number; readonly item: Prob<number> }
  | {
      readonly kind: 'iterate';
      readonly init: Outcome;
      readonly step: (s: Outcome) => Prob<Outcome> | null;
      readonly maxSteps: number;
    };

/** A random check over dice. Build with the constructors below; read with `sample` or `exact`. */
export class Prob<T extends Outcome> {
  /** @internal */
  constructor(readonly node: Node) {}

  map<U extends Outcome>(f: (v: T) => U): Prob<U> {
    return new Prob<U>({ kind: 'map', src: this, f: f as unknown as (v: Outcome) => Outcome });
  }

  bind<U extends Outcome>(f: (v: T) => Prob<U>): Prob<U> {
    return new Prob<U>({ kind: 'bind', src: this, f: f as unknown as (v: Outcome) => Prob<Outcome> });
  }
}

// ---------------------------------------------------------------- constructors

export function constant<T extends Outcome>(value: T): Prob<T> {
  return new Prob<T>({ kind: 'const', value });
}

/**
 * The sum of `n` dice with `sides` faces each (1..sides). `roll(0, s)` is 0. At most
 * MAX_ROLL_DICE dice: readers of dice text refuse more (MAX_DICE) before a program is built.
 */
export function roll(n: number, sides: number): Prob<number> {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`roll: bad number of dice ${n}`);
  if (n > MAX_ROLL_DICE) throw new RangeError(`roll: at most ${MAX_ROLL_DICE} dice at once (limit), got ${n}`);
  if (!Number.isInteger(sides) || sides < 1) throw new RangeError(`roll: bad number of sides ${sides}`);
  return new Prob<number>({ kind: 'dice', n, sides });
}

/** An integer uniform on [lo, hi], both inclusive. */
export function uniform(lo: number, hi: number): Prob<number> {
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo) throw new RangeError(`uniform: bad range ${lo}..${hi}`);
  return new Prob<number>({ kind: 'uniform', lo, hi });
}

/** A weighted choice. Integer weights stay exact; fractional weights make the result a float. */
export function choice<T extends Outcome>(options: ReadonlyArray<readonly [number | bigint, T]>): Prob<T> {
  if (options.length === 0) throw new RangeError('choice: no options');
  for (const [w] of options) if (w < 0) throw new RangeError('choice: negative weight');
  return new Prob<T>({ kind: 'choice', options });
}

/** True with probability num/den (exact). */
export function chance(num: number | bigint, den: number | bigint = 1): Prob<boolean> {
  const f = fraction(num, den);
  if (f.num < 0n || f.num > f.den) throw new RangeError(`chance: ${fractionToString(f)} is not a probability`);
  return new Prob<boolean>({ kind: 'bernoulli', num: f.num, den: f.den });
}

/**
 * A normal draw rounded to the nearest integer (halves away from zero, as C++ std::round).
 * Its exact reading is a float distribution over mean +- 12 sd; the far tails are folded into the ends.
 */
export function roundedNormal(mean: number, sd: number): Prob<number> {
  if (!(sd > 0) || !Number.isFinite(mean)) throw new RangeError(`roundedNormal: bad parameters ${mean}, ${sd}`);
  return new Prob<number>({ kind: 'roundedNormal', mean, sd });
}

/** Two independent programs combined by `f`. */
export function lift2<A extends Outcome, B extends Outcome, C extends Outcome>(
  a: Prob<A>,
  b: Prob<B>,
  f: (a: A, b: B) => C,
): Prob<C> {
  return new Prob<C>({ kind: 'lift2', a, b, f: f as unknown as (a: Outcome, b: Outcome) => Outcome });
}

/** Sign of a − b for two independent numeric programs: −1, 0 or 1 (fast even for wide sums). */
export function compare(a: Prob<number>, b: Prob<number>): Prob<-1 | 0 | 1> {
  return new Prob<-1 | 0 | 1>({ kind: 'compare', a, b });
}

/** The sum of `n` (at most MAX_ROLL_DICE) independent copies of a numeric program (by convolution). */
export function sumOf(n: number, item: Prob<number>): Prob<number> {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`sumOf: bad count ${n}`);
  if (n > MAX_ROLL_DICE) throw new RangeError(`sumOf: at most ${MAX_ROLL_DICE} copies at once (limit), got ${n}`);
  return new Prob<number>({ kind: 'sumOf', n, item });
}

/** Independent sum of two numeric programs. */
export function add(a: Prob<number>, b: Prob<number>): Prob<number> {
  return lift2(a, b, (x, y) => x + y);
}

/**
 * A loop: from `init`, `step(state)` gives the distribution of the next state, or null when the
 * state is final. The exact reading runs the Markov chain until every path has ended.
 */
export function iterate<T extends Outcome>(init: T, step: (s: T) => Prob<T> | null, maxSteps = 100_000): Prob<T> {
  return new Prob<T>({ kind: 'iterate', init, step: step as unknown as (s: Outcome) => Prob<Outcome> | null, maxSteps });
}

/** Branch on a boolean program. */
export function branch<T extends Outcome>(cond: Prob<boolean>, ifTrue: Prob<T>, ifFalse: Prob<T>): Prob<T> {
  return cond.bind((c) => (c ? ifTrue : ifFalse));
}

// ---------------------------------------------------------------- sampler

function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

function normalRange(mean: number, sd: number): [number, number] {
  return [roundHalfAway(mean - 12 * sd), roundHalfAway(mean + 12 * sd)];
}

/** Draws one outcome of `p` from `rng`. */
export function sample<T extends Outcome>(p: Prob<T>, rng: Random): T {
  return sampleNode(p.node, rng) as T;
}

function sampleNode(node: Node, rng: Random): Outcome {
  switch (node.kind) {
    case 'const':
      return node.value;
    case 'dice': {
      // Up to PER_DIE_MAX dice (every count the rulesets use): die by die, one draw each, as
      // play always rolled them. Beyond: one draw from the sum's distribution.
      const table = node.n > PER_DIE_MAX ? sumTable(node.n, node.sides) : null;
      if (table) return table.min + inverseCdf(table.cdf, rng.uniform());
      let total = 0;
      for (let i = 0; i < node.n; i++) total += rng.int(1, node.sides);
      return total;
    }
    case 'uniform':
      return rng.int(node.lo, node.hi);
    case 'choice': {
      let total = 0;
      for (const [w] of node.options) total += Number(w);
      let x = rng.uniform() * total;
      for (const [w, v] of node.options) {
        x -= Number(w);
        if (x < 0) return v;
      }
      // Floating rounding can leave x at 0 after the last option: take the last positive one.
      for (let i = node.options.length - 1; i >= 0; i--) if (Number(node.options[i]![0]) > 0) return node.options[i]![1];
      return node.options[0]![1];
    }
    case 'bernoulli':
      return rng.uniform() * Number(node.den) < Number(node.num);
    case 'roundedNormal': {
      const [lo, hi] = normalRange(node.mean, node.sd);
      return Math.min(hi, Math.max(lo, roundHalfAway(rng.normal(node.mean, node.sd))));
    }
    case 'map':
      return node.f(sampleNode(node.src.node, rng));
    case 'bind':
      return sampleNode(node.f(sampleNode(node.src.node, rng)).node, rng);
    case 'lift2': {
      const a = sampleNode(node.a.node, rng);
      const b = sampleNode(node.b.node, rng);
      return node.f(a, b);
    }
    case 'compare': {
      const a = sampleNode(node.a.node, rng) as number;
      const b = sampleNode(node.b.node, rng) as number;
      return Math.sign(a - b);
    }
    case 'sumOf': {
      let total = 0;
      for (let i = 0; i < node.n; i++) total += sampleNode(node.item.node, rng) as number;
      return total;
    }
    case 'iterate': {
      let state = node.init;
      for (let i = 0; i <= node.maxSteps; i++) {
        const next = node.step(state);
        if (next === null) return state;
        state = sampleNode(next.node, rng);
      }
      throw new RangeError('iterate: loop did not end within maxSteps');
    }
  }
}

/** The distribution of a sum of dice as a cumulative table over min..max: cdf[k] = P(sum <= min + k). */
interface SumTable {
  readonly min: number;
  readonly cdf: Float64Array;
}

/**
 * Work (additions) one sum table may take to build, once per process: it covers the largest sums
 * input may ask for (twice MAX_DICE dice of MAX_SIDES sides is 2e7 additions). A larger sum, which
 * only a program past every reader's bounds can
 * build, is rolled die by die (at most MAX_ROLL_DICE draws).
 */
const SUM_TABLE_WORK = 25_000_000;
/** Entries the cached tables may hold together (8 bytes each: 16 MB). */
const SUM_TABLE_ENTRIES = 2_000_000;
const sumTables = new Map<string, SumTable>();
let sumTableEntries = 0;

/**
 * The table of n dice of `sides` faces, by convolution one die at a time in floating point, each
 * step's weights normalised (so nothing overflows, even for 1000^200 outcomes). The left half of
 * each step is kept and mirrored onto the right (a sum of dice is symmetric), so the far tails keep
 * their relative precision rather than losing it to the prefix sums' cancellation near 1. Floating
 * rounding leaves each entry within ~1e-15 of the exact probability, far below the 2^-32
 * resolution of the uniform draw that reads it. Null when the table would cost too much to build.
 */
function sumTable(n: number, sides: number): SumTable | null {
  const key = `${n}d${sides}`;
  const cached = sumTables.get(key);
  if (cached) return cached;
  if ((n * n * (sides - 1)) / 2 > SUM_TABLE_WORK) return null;
  const width = n * (sides - 1) + 1;
  let p = new Float64Array(width);
  let q = new Float64Array(width);
  const prefix = new Float64Array(width + 1);
  p[0] = 1;
  for (let i = 1, len = 1; i <= n; i++) {
    const next = len + sides - 1;
    for (let j = 0; j < len; j++) prefix[j + 1] = prefix[j]! + p[j]!;
    for (let k = 0; k < Math.ceil(next / 2); k++) {
      const from = Math.max(0, k - sides + 1);
      const to = Math.min(len - 1, k);
      const w = (prefix[to + 1]! - prefix[from]!) / sides;
      q[k] = w;
      q[next - 1 - k] = w;
    }
    [p, q] = [q, p];
    len = next;
  }
  const cdf = new Float64Array(width);
  let acc = 0;
  for (let k = 0; k < width; k++) cdf[k] = acc += p[k]!;
  // The whole mass is 1 by construction: the last entry says so exactly, so every draw lands.
  cdf[width - 1] = 1;
  if (sumTableEntries + width > SUM_TABLE_ENTRIES) {
    sumTables.clear();
    sumTableEntries = 0;
  }
  sumTableEntries += width;
  const table = { min: n, cdf };
  sumTables.set(key, table);
  return table;
}

/** The least k with u < cdf[k] (cdf ascending, its last entry 1, 0 <= u < 1). */
function inverseCdf(cdf: Float64Array, u: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (u < cdf[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// ---------------------------------------------------------------- exact interpreter

/**
 * Most steps (an outcome weighed, a count of dice summed) one exact reading may take: at most a
 * few hundred milliseconds of work, several times what the largest reading within the checks'
 * input bounds needs. A program past any game's (a million-sided die, 20d6 darts of 20d6 each)
 * is refused with a message instead of filling the memory or running for minutes.
 */
export const EXACT_STEP_LIMIT = 2_000_000;

/** An exact reading that would take more than EXACT_STEP_LIMIT steps, or nest too deeply. */
export class ExactLimitError extends InputError {
  override name = 'ExactLimitError';
}

let stepsLeft = Number.POSITIVE_INFINITY;

/** Counts `n` steps of the reading under way, before they are taken (so before a big allocation). */
function spend(n: number): void {
  stepsLeft -= n;
  if (stepsLeft < 0) throw new ExactLimitError(`too large to read exactly (more than ${EXACT_STEP_LIMIT.toLocaleString('en')} steps): try smaller inputs`);
}

/** One whole exact reading, within its own step budget. */
function readExact(node: Node): Dist {
  const outer = stepsLeft;
  stepsLeft = EXACT_STEP_LIMIT;
  try {
    return exactNode(node);
  } catch (e) {
    if (e instanceof RangeError && /call stack/i.test(e.message)) throw new ExactLimitError('too large to read exactly (the program nests too deeply): try smaller inputs');
    throw e;
  } finally {
    stepsLeft = outer;
  }
}

/** A distribution: exact (integer weights over one denominator) or float. */
interface ExactDist {
  readonly exact: true;
  readonly den: bigint;
  readonly entries: Map<unknown, { value: Outcome; w: bigint }>;
}
interface FloatDist {
  readonly exact: false;
  readonly entries: Map<unknown, { value: Outcome; w: number }>;
}
type Dist = ExactDist | FloatDist;

function keyOf(v: Outcome): unknown {
  return v !== null && typeof v === 'object' ? `\u0001${JSON.stringify(v)}` : v;
}

function toFloat(d: Dist): FloatDist {
  if (!d.exact) return d;
  const entries = new Map<unknown, { value: Outcome; w: number }>();
  for (const [k, e] of d.entries) entries.set(k, { value: e.value, w: fractionToNumber({ num: e.w, den: d.den }) });
  return { exact: false, entries };
}

function addExact(m: Map<unknown, { value: Outcome; w: bigint }>, value: Outcome, w: bigint): void {
  spend(1);
  if (w === 0n) return;
  const k = keyOf(value);
  const e = m.get(k);
  if (e) e.w += w;
  else m.set(k, { value, w });
}

function addFloat(m: Map<unknown, { value: Outcome; w: number }>, value: Outcome, w: number): void {
  spend(1);
  if (w === 0) return;
  const k = keyOf(value);
  const e = m.get(k);
  if (e) e.w += w;
  else m.set(k, { value, w });
}

/** Divides every weight and the denominator by their common factor. */
function reduce(d: ExactDist): ExactDist {
  let g = d.den;
  for (const e of d.entries.values()) {
    g = gcd(g, e.w);
    if (g === 1n) return d;
  }
  if (g <= 1n) return d;
  const entries = new Map<unknown, { value: Outcome; w: bigint }>();
  for (const [k, e] of d.entries) entries.set(k, { value: e.value, w: e.w / g });
  return { exact: true, den: d.den / g, entries };
}

/** Integer counts of sums of n dice with faces lo..hi, by prefix-sum convolution. */
function diceCounts(n: number, lo: number, hi: number): { min: number; counts: bigint[] } {
  const faces = hi - lo + 1;
  let counts: bigint[] = [1n];
  for (let i = 0; i < n; i++) {
    spend(counts.length + faces - 1);
    const next: bigint[] = new Array(counts.length + faces - 1).fill(0n);
    const prefix: bigint[] = new Array(counts.length + 1);
    prefix[0] = 0n;
    for (let j = 0; j < counts.length; j++) prefix[j + 1] = prefix[j]! + counts[j]!;
    for (let k = 0; k < next.length; k++) {
      const from = Math.max(0, k - faces + 1);
      const to = Math.min(counts.length - 1, k);
      next[k] = prefix[to + 1]! - prefix[from]!;
    }
    counts = next;
  }
  return { min: n * lo, counts };
}

function fromCounts(min: number, counts: bigint[], den: bigint): ExactDist {
  const entries = new Map<unknown, { value: Outcome; w: bigint }>();
  counts.forEach((c, i) => {
    if (c !== 0n) entries.set(min + i, { value: min + i, w: c });
  });
  return reduce({ exact: true, den, entries });
}

/** Mixes weighted sub-distributions: sum over i of (weight_i / weightDen) * dist_i. */
function mix(parts: Array<{ w: bigint | number; d: Dist }>, weightDen: bigint | null): Dist {
  const allExact = weightDen !== null && parts.every((p) => p.d.exact && typeof p.w === 'bigint');
  if (allExact) {
    let l = 1n;
    for (const p of parts) l = lcm(l, (p.d as ExactDist).den);
    const entries = new Map<unknown, { value: Outcome; w: bigint }>();
    for (const p of parts) {
      const d = p.d as ExactDist;
      const scale = (p.w as bigint) * (l / d.den);
      for (const e of d.entries.values()) addExact(entries, e.value, e.w * scale);
    }
    return reduce({ exact: true, den: weightDen * l, entries });
  }
  const entries = new Map<unknown, { value: Outcome; w: number }>();
  for (const p of parts) {
    const w = typeof p.w === 'bigint' ? fractionToNumber({ num: p.w, den: weightDen ?? 1n }) : p.w;
    for (const e of toFloat(p.d).entries.values()) addFloat(entries, e.value, e.w * w);
  }
  return { exact: false, entries };
}

/** The weighted outcomes of a distribution, in a form `mix` takes. */
function weighted(d: Dist): { parts: Array<{ value: Outcome; w: bigint | number }>; den: bigint | null } {
  const parts: Array<{ value: Outcome; w: bigint | number }> = [];
  for (const e of d.entries.values()) parts.push({ value: e.value, w: e.w });
  return { parts, den: d.exact ? d.den : null };
}

function exactNode(node: Node): Dist {
  switch (node.kind) {
    case 'const': {
      const entries = new Map<unknown, { value: Outcome; w: bigint }>();
      entries.set(keyOf(node.value), { value: node.value, w: 1n });
      return { exact: true, den: 1n, entries };
    }
    case 'dice': {
      const { min, counts } = diceCounts(node.n, 1, node.sides);
      return fromCounts(min, counts, BigInt(node.sides) ** BigInt(node.n));
    }
    case 'uniform': {
      const { min, counts } = diceCounts(1, node.lo, node.hi);
      return fromCounts(min, counts, BigInt(node.hi - node.lo + 1));
    }
    case 'choice': {
      if (node.options.every(([w]) => typeof w === 'bigint' || Number.isInteger(w))) {
        const entries = new Map<unknown, { value: Outcome; w: bigint }>();
        let den = 0n;
        for (const [w, v] of node.options) {
          addExact(entries, v, BigInt(w));
          den += BigInt(w);
        }
        if (den === 0n) throw new RangeError('choice: all weights are zero');
        return reduce({ exact: true, den, entries });
      }
      const total = node.options.reduce((s, [w]) => s + Number(w), 0);
      const entries = new Map<unknown, { value: Outcome; w: number }>();
      for (const [w, v] of node.options) addFloat(entries, v, Number(w) / total);
      return { exact: false, entries };
    }
    case 'bernoulli': {
      const entries = new Map<unknown, { value: Outcome; w: bigint }>();
      addExact(entries, true, node.num);
      addExact(entries, false, node.den - node.num);
      return { exact: true, den: node.den, entries };
    }
    case 'roundedNormal': {
      const [lo, hi] = normalRange(node.mean, node.sd);
      spend(hi - lo + 1);
      const entries = new Map<unknown, { value: Outcome; w: number }>();
      // P(round(X) = k) = P(k - 0.5 <= X < k + 0.5); the ends take the tails.
      for (let k = lo; k <= hi; k++) {
        const upper = k === hi ? 1 : normalCdf((k + 0.5 - node.mean) / node.sd);
        const lower = k === lo ? 0 : normalCdf((k - 0.5 - node.mean) / node.sd);
        addFloat(entries, k, upper - lower);
      }
      return { exact: false, entries };
    }
    case 'map': {
      const src = exactNode(node.src.node);
      if (src.exact) {
        const entries = new Map<unknown, { value: Outcome; w: bigint }>();
        for (const e of src.entries.values()) addExact(entries, node.f(e.value), e.w);
        return { exact: true, den: src.den, entries };
      }
      const entries = new Map<unknown, { value: Outcome; w: number }>();
      for (const e of src.entries.values()) addFloat(entries, node.f(e.value), e.w);
      return { exact: false, entries };
    }
    case 'bind': {
      const { parts, den } = weighted(exactNode(node.src.node));
      return mix(
        parts.map((p) => ({ w: p.w, d: exactNode(node.f(p.value).node) })),
        den,
      );
    }
    case 'lift2': {
      const a = exactNode(node.a.node);
      const b = exactNode(node.b.node);
      if (a.exact && b.exact) {
        const entries = new Map<unknown, { value: Outcome; w: bigint }>();
        for (const ea of a.entries.values())
          for (const eb of b.entries.values()) addExact(entries, node.f(ea.value, eb.value), ea.w * eb.w);
        return reduce({ exact: true, den: a.den * b.den, entries });
      }
      const fa = toFloat(a);
      const fb = toFloat(b);
      const entries = new Map<unknown, { value: Outcome; w: number }>();
      for (const ea of fa.entries.values())
        for (const eb of fb.entries.values()) addFloat(entries, node.f(ea.value, eb.value), ea.w * eb.w);
      return { exact: false, entries };
    }
    case 'compare':
      return compareDists(exactNode(node.a.node), exactNode(node.b.node));
    case 'sumOf': {
      let acc = exactNode(constant(0).node);
      const item = exactNode(node.item.node);
      for (let i = 0; i < node.n; i++) acc = exactNode(lift2(distProb(acc), distProb(item), (x, y) => (x as number) + (y as number)).node);
      return acc;
    }
    case 'iterate':
      return iterateDist(node);
  }
}

/** Wraps a computed distribution back into a program (used internally to reuse lift2). */
function distProb(d: Dist): Prob<Outcome> {
  const options: Array<readonly [number | bigint, Outcome]> = [];
  for (const e of d.entries.values()) options.push([e.w, e.value]);
  if (d.exact) return new Prob<Outcome>({ kind: 'choice', options });
  return new Prob<Outcome>({ kind: 'choice', options });
}

/** P(a < b), P(a = b), P(a > b) by cumulative sums over the sorted supports. */
function compareDists(a: Dist, b: Dist): Dist {
  spend(a.entries.size + b.entries.size);
  const sortedA = [...a.entries.values()].sort((x, y) => (x.value as number) - (y.value as number));
  const sortedB = [...b.entries.values()].sort((x, y) => (x.value as number) - (y.value as number));
  if (a.exact && b.exact) {
    const bWeight = new Map<number, bigint>();
    for (const e of sortedB) bWeight.set(e.value as number, e.w as bigint);
    let less = 0n; // weight of pairs with a < b
    let equal = 0n;
    let bAtOrBelow = 0n; // weight of b values <= the current a
    let j = 0;
    for (const ea of sortedA) {
      const va = ea.value as number;
      while (j < sortedB.length && (sortedB[j]!.value as number) <= va) bAtOrBelow += sortedB[j++]!.w as bigint;
      equal += (ea.w as bigint) * (bWeight.get(va) ?? 0n);
      less += (ea.w as bigint) * (b.den - bAtOrBelow);
    }
    const entries = new Map<unknown, { value: Outcome; w: bigint }>();
    const den = a.den * b.den;
    addExact(entries, -1, less);
    addExact(entries, 0, equal);
    addExact(entries, 1, den - less - equal);
    return reduce({ exact: true, den, entries });
  }
  const fa = toFloat(a);
  const fb = toFloat(b);
  let less = 0;
  let equal = 0;
  let greater = 0;
  for (const ea of fa.entries.values())
    for (const eb of fb.entries.values()) {
      const d = (ea.value as number) - (eb.value as number);
      if (d < 0) less += ea.w * eb.w;
      else if (d === 0) equal += ea.w * eb.w;
      else greater += ea.w * eb.w;
    }
  const entries = new Map<unknown, { value: Outcome; w: number }>();
  addFloat(entries, -1, less);
  addFloat(entries, 0, equal);
  addFloat(entries, 1, greater);
  return { exact: false, entries };
}

function iterateDist(node: Extract<Node, { kind: 'iterate' }>): Dist {
  // `live` and `done` are sub-probability measures: the mass still looping and the mass that ended.
  let live: Dist = exactNode(constant(node.init).node);
  let done: Dist = { exact: true, den: 1n, entries: new Map() };
  for (let i = 0; i <= node.maxSteps; i++) {
    const { parts, den } = weighted(live);
    const ended: Array<{ w: bigint | number; d: Dist }> = [];
    const going: Array<{ w: bigint | number; d: Dist }> = [];
    for (const p of parts) {
      const step = node.step(p.value);
      if (step === null) ended.push({ w: p.w, d: exactNode(constant(p.value).node) });
      else going.push({ w: p.w, d: exactNode(step.node) });
    }
    done = addMeasures(done, mix(ended, den));
    if (going.length === 0) return done;
    live = mix(going, den);
  }
  throw new RangeError('iterate: loop did not end within maxSteps');
}

function addMeasures(a: Dist, b: Dist): Dist {
  if (a.exact && b.exact) {
    const den = lcm(a.den, b.den);
    const entries = new Map<unknown, { value: Outcome; w: bigint }>();
    for (const e of a.entries.values()) addExact(entries, e.value, e.w * (den / a.den));
    for (const e of b.entries.values()) addExact(entries, e.value, e.w * (den / b.den));
    return reduce({ exact: true, den, entries });
  }
  const entries = new Map<unknown, { value: Outcome; w: number }>();
  for (const d of [toFloat(a), toFloat(b)]) for (const e of d.entries.values()) addFloat(entries, e.value, e.w);
  return { exact: false, entries };
}

// ---------------------------------------------------------------- reading results

export interface OutcomeProbability<T extends Outcome> {
  readonly value: T;
  /** The probability as a float. */
  readonly p: number;
  /** The exact probability when the maths allows (no normal distribution involved). */
  readonly exact: Fraction | null;
}

/** Every outcome of `p` with its probability, in the order first met (numbers ascending). */
export function exact<T extends Outcome>(p: Prob<T>): Array<OutcomeProbability<T>> {
  const d = readExact(p.node);
  const out: Array<OutcomeProbability<T>> = [];
  if (d.exact) {
    for (const e of d.entries.values()) {
      const f = fraction(e.w, d.den);
      out.push({ value: e.value as T, p: fractionToNumber(f), exact: f });
    }
  } else {
    for (const e of d.entries.values()) out.push({ value: e.value as T, p: e.w, exact: null });
  }
  if (out.every((o) => typeof o.value === 'number')) out.sort((x, y) => (x.value as number) - (y.value as number));
  return out;
}

/** The probability that `p` produces `value` (0 when it never does). */
export function probabilityOf<T extends Outcome>(p: Prob<T>, value: T): OutcomeProbability<T> {
  const key = keyOf(value);
  for (const o of exact(p)) if (keyOf(o.value) === key) return o;
  return { value, p: 0, exact: fraction(0n, 1n) };
}

/** The mean of a numeric program, exact when possible. */
export function mean(p: Prob<number>): { p: number; exact: Fraction | null } {
  const d = readExact(p.node);
  if (d.exact) {
    let num = 0n;
    let scale = 1n;
    // Outcomes may be non-integers: scale by powers of ten until every value is an integer.
    const values = [...d.entries.values()];
    while (values.some((e) => !Number.isInteger((e.value as number) * Number(scale))) && scale < 10n ** 12n) scale *= 10n;
    if (values.every((e) => Number.isInteger((e.value as number) * Number(scale)))) {
      for (const e of values) num += BigInt(Math.round((e.value as number) * Number(scale))) * e.w;
      const f = fraction(num, d.den * scale);
      return { p: fractionToNumber(f), exact: f };
    }
  }
  let m = 0;
  for (const e of toFloat(d).entries.values()) m += (e.value as number) * e.w;
  return { p: m, exact: null };
}
