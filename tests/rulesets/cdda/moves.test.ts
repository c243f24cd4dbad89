/** CDDA's move points as scheduler ticks: 100 moves are one turn at speed 100, scaled by 100 / speed. */
import { describe, expect, it } from 'vitest';
import { movesToTicks } from '../../../src/rulesets/cdda/actors.ts';
import { corridor, hero } from './helpers.ts';

describe('move points in ticks', () => {
  const at = (speed: number) => ({ ...hero(corridor('tripwire')), speed });
  it('a turn of moves is 100 ticks at speed 100, twice that at half speed, rounded to a whole tick', () => {
    expect(movesToTicks(at(100), 100)).toBe(100);
    expect(movesToTicks(at(50), 150)).toBe(300);
    expect(movesToTicks(at(120), 100)).toBe(83);
    expect(movesToTicks(at(70), 100)).toBe(143);
  });
  it('a speed below 1 counts as 1; no action gives time back', () => {
    expect(movesToTicks(at(0), 3)).toBe(300);
    expect(movesToTicks(at(100), -50)).toBe(0);
    expect(movesToTicks(at(100), 0)).toBe(0);
  });
});
