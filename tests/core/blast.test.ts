import { describe, expect, it } from 'vitest';
import { blastCells } from '../../src/core/effects/blast.ts';
import { scenario } from '../support/scenario.ts';

describe('the core blast', () => {
  it('reaches every cell within the radius (diagonals count as one) in sight of the centre, once each, by row then column; walls stop it', () => {
    // A 7x5 room with a pillar east of the centre: the cell behind it is in the shadow.
    const w = scenario({ ruleset: 'test', map: ['#########', '#.......#', '#.......#', '#..@.#..#', '#.......#', '#.......#', '#########'] });
    const cells = blastCells(w, 3, 3, 2);
    const keys = cells.map(([x, y]) => `${x},${y}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...cells].sort((a, b) => a[1] - b[1] || a[0] - b[0])).toEqual(cells);
    expect(keys).toContain('3,3');
    // Every cell of the 5x5 square around (3,3) is floor except the pillar (5,3), which stops the blast there.
    for (let y = 1; y <= 5; y++)
      for (let x = 1; x <= 5; x++) {
        if (x === 5 && y === 3) continue;
        expect(keys, `${x},${y}`).toContain(`${x},${y}`);
      }
    // Nothing beyond the radius, nothing behind the pillar.
    expect(cells.every(([x, y]) => Math.max(Math.abs(x - 3), Math.abs(y - 3)) <= 2)).toBe(true);
    expect(blastCells(w, 4, 3, 2).map(([x, y]) => `${x},${y}`)).not.toContain('6,3');
  });
});
