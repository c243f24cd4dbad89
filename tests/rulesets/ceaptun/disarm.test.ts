/** Disarming through the engine: refusals, time, the three results and their consequences. */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { act, damageTo, messages, ofType, SEEDS, world } from './helpers.ts';
import { edit, player } from '../../../src/core/level.ts';
import { heroIn } from '../../support/heroIn.ts';

const DISARM = { type: 'disarm', dx: 1, dy: 0 } as const;
const map = ['#####', '#@^.#', '#####'];

describe('disarming', () => {
  it('"You know of no trap there." whether one is hidden there or not, and takes no time', () => {
    for (const traps of [[{ kind: 'pit' }], []]) {
      const w = world({ map: traps.length ? map : ['#####', '#@..#', '#####'], traps });
      const r = step(w, DISARM);
      expect(r.refused).toBe('You know of no trap there.');
      expect(w.time).toBe(0);
      expect(w.turn).toBe(0);
    }
  });

  it('needs training in Disable device', () => {
    const w = world({ map, traps: [{ kind: 'pit', known: true }], player: { traits: { disableDevice: 0 } } });
    expect(step(w, DISARM).refused).toBe('You are not trained in Disable device.');
    expect(w.time).toBe(0);
  });

  it('is done from beside the trap', () => {
    const w = world({ map, traps: [{ kind: 'pit', known: true }] });
    edit(w, (p) => {
      heroIn(p).x = 2;
    });
    expect(step(w, { type: 'disarm', dx: 0, dy: 0 }).refused).toBe('Stand next to the trap to disarm it.');
  });

  it('every try takes 12 seconds, whatever comes of it', () => {
    const w = world({ map, traps: [{ kind: 'alarm', known: true }], player: { traits: { dex: 18, disableDevice: 200 } } });
    act(w, DISARM);
    // 12 s at 6 s a turn: two turns.
    expect(w.time).toBe(200);
    const slow = world({ map, traps: [{ kind: 'alarm', known: true }], settings: { secondsPerTurn: 1 }, player: { traits: { dex: 18, disableDevice: 200 } } });
    act(slow, DISARM);
    expect(slow.time).toBe(1200);
  });

  it('disarms, fails, or sets the trap off at you, as often as the check says', () => {
    const count = { disarmed: 0, failed: 0, set_off: 0 };
    for (const seed of SEEDS) {
      // Dex 10, trained but with no bonus yet (skill 1), against a pit (13).
      const w = world({ map, traps: [{ kind: 'pit', known: true }], seed, player: { traits: { dex: 10, disableDevice: 1 } } });
      const events = act(w, DISARM);
      const result = ofType(events, 'disarmAttempted')[0]!.result as keyof typeof count;
      count[result]++;
      expect(player(w).traits.disableDevice).toBe(2);
      if (result === 'disarmed') {
        expect(messages(events)).toContain('You disarm the pit.');
        expect(w.traps).toEqual([]);
      } else if (result === 'failed') {
        expect(messages(events)).toContain('You fail to disarm the pit.');
        expect(w.traps).toHaveLength(1);
        expect(damageTo(events, 1)).toEqual([]);
      } else {
        // You tumble into the pit where you stand and lose your next action climbing back out.
        expect(messages(events)).toContain('You set off the pit!');
        expect(damageTo(events, 1)).toHaveLength(1);
        expect(w.time).toBe(300);
        expect(w.traps).toHaveLength(1);
      }
    }
    // The seed's table: 54.2% disarmed, 19.4% set off (400 tries, sd about 10 and 8).
    expect(count.disarmed).toBeGreaterThan(217 - 40);
    expect(count.disarmed).toBeLessThan(217 + 40);
    expect(count.set_off).toBeGreaterThan(78 - 32);
    expect(count.set_off).toBeLessThan(78 + 32);
  });

  it('a set-off spends a charge: the arrow shoots at you from the trap, the lightning runs through you', () => {
    let done = false;
    for (const seed of SEEDS) {
      const w = world({ map: ['######', '#.@^.#', '######'], traps: [{ kind: 'lightning', known: true, charges: 2 }], seed, player: { hp: 50, traits: { dex: 3, disableDevice: 1 } } });
      const events = act(w, DISARM);
      if (ofType(events, 'disarmAttempted')[0]!.result !== 'set_off') continue;
      expect(w.traps[0]!.charges).toBe(1);
      expect(ofType(events, 'effect').find((e) => e.effect === 'line')!.cells).toEqual([[3, 1], [2, 1], [1, 1]]);
      expect(damageTo(events, 1)).toHaveLength(1);
      done = true;
      break;
    }
    expect(done).toBe(true);
  });
});
