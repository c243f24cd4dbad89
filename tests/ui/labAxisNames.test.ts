/**
 * The group names under the Lab's rate bars (chartData.ts `groupLabelLayout`): level when each
 * fits its group, slanted 45° when a slanted name neither reaches the next nor runs off the left
 * edge, else upright and thinned out when even upright lines (13 px each) would touch. The expected
 * layouts are worked out here by hand from those rules (a 45° name of width w drops and reaches
 * back (w + 6.5) / √2 px).
 */
import { describe, expect, it } from 'vitest';
import { groupLabelLayout } from '../../src/ui/lab/chartData.ts';

describe('the names under grouped bars', () => {
  it('lie level when each fits its group', () => {
    expect(groupLabelLayout([50, 80], 40, 100)).toEqual({ rotate: 0, size: 26, every: 1 });
  });

  it('slant when they neither touch nor run off the left edge', () => {
    // (100 + 6.5) / √2 = 75.3 reaches back to 75.3 px; the first tick is 60 + 20 = 80 px in.
    expect(groupLabelLayout([100, 100], 60, 40)).toEqual({ rotate: 45, size: 13 + 76, every: 1 });
  });

  it('stand upright when a slanted first name would run off the canvas, and thin out when groups are closer than a line', () => {
    // The first tick 10 + 20 = 30 px in: 75.3 px of slant does not fit.
    expect(groupLabelLayout([100, 100], 10, 40)).toEqual({ rotate: 90, size: 113, every: 1 });
    // Groups 5 px apart: a name every ceil(15 / 5) = 3 groups.
    expect(groupLabelLayout([30, 30, 30, 30, 30, 30], 10, 5)).toEqual({ rotate: 90, size: 43, every: 3 });
  });
});
