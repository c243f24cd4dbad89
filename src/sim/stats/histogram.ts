/**
 * A streaming histogram of integer values (damage, turns) that never grows past `maxBins` bins:
 * exact while the values span fewer than `maxBins` distinct integers, otherwise bins double in
 * width (1, 2, 4, ...) until they fit. It merges exactly and in any order — merging the pieces of
 * a batch gives the histogram of the whole batch — which is what lets `--workers K` equal K = 1.
 *
 * Quantiles are the inverse of the empirical distribution function (the smallest value v with at
 * least q of the values <= v), exact at width 1; at a coarser width they are the top of the bin.
 */

export interface HistogramData {
  width: number;
  maxBins: number;
  /** [bin index, count] pairs in ascending bin order; bin i holds values in [i*width, (i+1)*width). */
  bins: Array<[number, number]>;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** The bins a histogram keeps unless told otherwise (every histogram of a batch's statistics). */
export const DEFAULT_MAX_BINS = 2048;

/**
 * Why a histogram's data (`toData`, read back from outside) cannot be one a Histogram made, naming
 * the field under `path`; [] when it can. What a Histogram keeps true: the width is a power of two
 * (it starts at 1 and doubles), at most `maxBins` bins, each held once, in ascending order and
 * never empty; the bins' counts add up to `count`; min and max fall in the first and last bins;
 * and the sum lies between the least and the most the bins' values can add up to.
 */
export function histogramDataProblems(d: HistogramData, path: string): string[] {
  const { width, maxBins, bins, count, sum } = d;
  if (!Number.isInteger(Math.log2(width))) return [`${path}.width: a bin width is a power of two, got ${width}`];
  if (bins.length > maxBins) return [`${path}.bins: ${bins.length} bins, more than its maxBins ${maxBins}`];
  let total = 0;
  let least = 0;
  let most = 0;
  const min = d.min as number | null;
  const max = d.max as number | null;
  for (let i = 0; i < bins.length; i++) {
    const [k, c] = bins[i]!;
    if (i > 0 && k <= bins[i - 1]![0]) return [`${path}.bins[${i}]: bin ${k} after bin ${bins[i - 1]![0]} (the bins are distinct and in ascending order)`];
    if (c < 1) return [`${path}.bins[${i}]: an empty bin (a histogram keeps only bins that hold values)`];
    total += c;
    // The values bin k can hold, narrowed by min and max.
    least += c * Math.max(k * width, min ?? -Infinity);
    most += c * Math.min(k * width + width - 1, max ?? Infinity);
  }
  if (total !== count) return [`${path}.count: ${count}, but its bins hold ${total} values`];
  if (count === 0) return sum === 0 && min === null && max === null ? [] : [`${path}: empty, so its sum is 0 and its min and max null`];
  if (min === null || max === null || !Number.isInteger(min) || !Number.isInteger(max) || min > max) return [`${path}.min, max: whole numbers with min ≤ max, got ${min} and ${max}`];
  if (Math.floor(min / width) !== bins[0]![0] || Math.floor(max / width) !== bins[bins.length - 1]![0])
    return [`${path}.min, max: ${min} and ${max} do not fall in its first and last bins`];
  if (!Number.isInteger(sum) || sum < least || sum > most) return [`${path}.sum: ${sum}, but its bins allow only ${least} to ${most}`];
  return [];
}

export class Histogram {
  private width = 1;
  private readonly bins = new Map<number, number>();
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;

  constructor(readonly maxBins = DEFAULT_MAX_BINS) {
    if (!Number.isInteger(maxBins) || maxBins < 2) throw new RangeError(`histogram: maxBins must be an integer >= 2, got ${maxBins}`);
  }

  /** Adds `value` (rounded to an integer) `times` times. */
  add(value: number, times = 1): void {
    if (!Number.isFinite(value)) throw new RangeError(`histogram: cannot add ${value}`);
    if (times <= 0) return;
    const v = Math.round(value);
    const key = Math.floor(v / this.width);
    this.bins.set(key, (this.bins.get(key) ?? 0) + times);
    this.count += times;
    this.sum += v * times;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
    if (this.bins.size > this.maxBins) this.coarsen();
  }

  /** Adds every value of `other` (which is left unchanged). */
  merge(other: Histogram): void {
    if (other.count === 0) return;
    while (this.width < other.width) this.coarsenOnce();
    const ratio = this.width / other.width;
    for (const [k, c] of other.bins) {
      const key = Math.floor(k / ratio);
      this.bins.set(key, (this.bins.get(key) ?? 0) + c);
    }
    this.count += other.count;
    this.sum += other.sum;
    if (other.min < this.min) this.min = other.min;
    if (other.max > this.max) this.max = other.max;
    if (this.bins.size > this.maxBins) this.coarsen();
  }

  get binWidth(): number {
    return this.width;
  }

  get binCount(): number {
    return this.bins.size;
  }

  mean(): number {
    return this.count === 0 ? Number.NaN : this.sum / this.count;
  }

  /** The q-quantile (0 < q <= 1); q = 0 gives the minimum. NaN when empty. */
  quantile(q: number): number {
    if (this.count === 0) return Number.NaN;
    if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile: q must be in [0, 1], got ${q}`);
    if (q === 0) return this.min;
    const rank = Math.ceil(q * this.count - 1e-9);
    let seen = 0;
    for (const [k, c] of this.sorted()) {
      seen += c;
      if (seen >= rank) return Math.min(this.max, Math.max(this.min, k * this.width + this.width - 1));
    }
    return this.max;
  }

  /** The bins in ascending order: [lowest value, highest value, count]. */
  entries(): Array<[number, number, number]> {
    return this.sorted().map(([k, c]) => [k * this.width, k * this.width + this.width - 1, c]);
  }

  toData(): HistogramData {
    return { width: this.width, maxBins: this.maxBins, bins: this.sorted(), count: this.count, sum: this.sum, min: this.min, max: this.max };
  }

  static fromData(d: HistogramData): Histogram {
    const h = new Histogram(d.maxBins);
    h.width = d.width;
    for (const [k, c] of d.bins) h.bins.set(k, c);
    h.count = d.count;
    h.sum = d.sum;
    // JSON turns ±Infinity into null: an empty histogram's bounds come back as such.
    h.min = d.count === 0 || d.min === null ? Number.POSITIVE_INFINITY : d.min;
    h.max = d.count === 0 || d.max === null ? Number.NEGATIVE_INFINITY : d.max;
    return h;
  }

  private sorted(): Array<[number, number]> {
    return [...this.bins.entries()].sort((a, b) => a[0] - b[0]);
  }

  private coarsen(): void {
    while (this.bins.size > this.maxBins) this.coarsenOnce();
  }

  private coarsenOnce(): void {
    const old = [...this.bins.entries()];
    this.bins.clear();
    for (const [k, c] of old) {
      const key = Math.floor(k / 2);
      this.bins.set(key, (this.bins.get(key) ?? 0) + c);
    }
    this.width *= 2;
  }
}
