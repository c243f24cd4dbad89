/**
 * Cēaptūn's exact disarm odds at a live trap (`disarmInputs`, read by the disarm prompt and the
 * hover) against the seed's own disarm table (seeds/002: "Dexterity 10", "Dexterity 14, Disable
 * device 100"), and the disarm prompt saying them.
 */
import { seedText } from '../../support/seeds.ts';
import { describe, expect, it } from 'vitest';
import { player, trapAt } from '../../../src/core/level.ts';
import { disarmOdds } from '../../../src/core/stepOdds.ts';
import { GameController } from '../../../src/ui/game.ts';
import { createUiStore } from '../../../src/ui/store.ts';
import { translateKey } from '../../../src/ui/keys.ts';
import { world } from './helpers.ts';

const SEED = seedText('ceaptun');

/** The seed's disarm table: trap name -> [disarmed %, set off %] for Dex 10 and for Dex 14 with Disable device 100. */
function seedTable(): Map<string, { dex10: [number, number]; dex14dd100: [number, number] }> {
  const out = new Map<string, { dex10: [number, number]; dex14dd100: [number, number] }>();
  const pair = (cell: string): [number, number] => {
    const m = /([\d.]+)% disarmed, ([\d.]+)% set off/.exec(cell)!;
    return [Number(m[1]), Number(m[2])];
  };
  for (const line of SEED.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 7 || !/% disarmed/.test(cells[3] ?? '')) continue;
    out.set(cells[1]!, { dex10: pair(cells[3]!), dex14dd100: pair(cells[5]!) });
  }
  return out;
}

const IDS: Record<string, string> = {
  'Alarm trap': 'alarm',
  'Arrow trap': 'arrow',
  'Fireball trap': 'fireball',
  'Frost trap': 'frost',
  'Lightning trap': 'lightning',
  Pit: 'pit',
  Pitfall: 'pitfall',
  'Spear trap': 'spear',
  'Stake trap': 'stake',
  'Teleport trap': 'teleport',
  Tripwire: 'tripwire',
};

const MAP = ['#####', '#@^.#', '#####'];

describe('ceaptun: the exact disarm odds at a live trap are the seed\'s table', () => {
  const table = seedTable();
  it('the seed lists all eleven traps', () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(IDS).sort());
  });

  for (const [name, row] of table) {
    it(`${name}: Dexterity 10 (trained, +0) and Dexterity 14 with Disable device 100, as the seed's table says`, () => {
      for (const [traits, [disarmed, setOff]] of [
        [{ dex: 10, disableDevice: 1 }, row.dex10],
        [{ dex: 14, disableDevice: 100 }, row.dex14dd100],
      ] as const) {
        const w = world({ map: MAP, traps: [{ kind: IDS[name]!, known: true }], level: { danger: 0 }, player: { traits } });
        const odds = disarmOdds(w, player(w), trapAt(w, 2, 1)!)!;
        // Within half of the last digit the seed prints (25% and 2.1% and 0.69% alike).
        const tolerance = (v: number) => 0.5 * 10 ** -((String(v).split('.')[1] ?? '').length) + 1e-9;
        expect(Math.abs(100 * odds.success.p - disarmed), `${name} disarmed`).toBeLessThanOrEqual(tolerance(disarmed));
        expect(Math.abs(100 * odds.setOff.p - setOff), `${name} set off`).toBeLessThanOrEqual(tolerance(setOff));
      }
    });
  }

  it('untrained, there is no reading (the game refuses the attempt)', () => {
    const w = world({ map: MAP, traps: [{ kind: 'spear', known: true }], player: { traits: { disableDevice: 0 } } });
    expect(disarmOdds(w, player(w), trapAt(w, 2, 1)!)).toBeNull();
  });

  it('the disarm prompt names each known trap in reach with its odds', () => {
    const store = createUiStore();
    const game = new GameController(store);
    game.useWorld(world({ map: MAP, traps: [{ kind: 'spear', known: true }], level: { danger: 0 }, player: { traits: { dex: 14, disableDevice: 100 } } }), {
      seed: 'scenario',
      ruleset: 'ceaptun',
      width: 40,
      height: 25,
      style: 'rooms',
      settings: {},
    });
    const cmd = translateKey({ key: 'D' }, store.getState().mode);
    game.handle(cmd!);
    // 95.8% in the seed's table: 23 in 24.
    expect(store.getState().prompt).toMatch(/East, the spear trap: disarmed 96% \(23\/24\), sets it off 0%\.$/);
  });
});
