/**
 * The exact step reading against play itself: the hero steps onto a trap in thousands of games
 * of the real engine (a fresh scenario each), and what happens to it — the trap stays quiet, goes
 * off harmlessly, hurts, kills — comes out as often as the reading of the live world says (the
 * ruleset's `stepInputs` fed to its `step` check, as the confirm window reads it), within 4.5
 * standard errors. And the confirm window says it in words.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../../src/core/engine.ts';
import { edit, player, trapAt } from '../../../src/core/level.ts';
import { getRuleset } from '../../../src/core/registry.ts';
import { stepOdds, stepOddsSentence } from '../../../src/core/stepOdds.ts';
import type { Traits, World } from '../../../src/core/world.ts';
import { heroIn } from '../../support/heroIn.ts';
import { scenario } from '../../support/scenario.ts';

const MAP = ['#####', '#@^.#', '#####'];

function fixture(trap: string, hp: number, settings: Traits, seed: string, hero: { flying?: boolean } = {}): World {
  return scenario({ ruleset: 'wasteland', seed, map: MAP, traps: [{ kind: trap, known: true }], settings, player: { hp, maxHp: 40, ...hero } });
}

/** One step onto the trap, as the four outcomes name it. */
function outcome(w: World): string {
  const hero = w.playerId;
  const r = step(w, { type: 'move', dx: 1, dy: 0, confirm: true });
  expect(r.refused).toBeUndefined();
  expect(player(w).x).toBe(2);
  if (!r.events.some((e) => e.type === 'trapTriggered' && e.actor === hero)) return 'avoided';
  if (r.events.some((e) => e.type === 'died' && e.actor === hero)) return 'death';
  if (r.events.some((e) => e.type === 'damaged' && e.actor === hero && e.trap !== undefined)) return 'hurt';
  return 'unhurt';
}

const CASES: Array<{ trap: string; hp: number; settings: Traits; read: Record<string, string> }> = [
  // The default die (3 skull, 2 shield, 1 blank): a skull half the time; the caltrops' 1 damage kills at 1 HP.
  { trap: 'caltrops', hp: 1, settings: {}, read: { avoided: '1/2', unhurt: '0/1', hurt: '0/1', death: '1/2' } },
  { trap: 'bear_trap', hp: 5, settings: { skullFaces: 1, shieldFaces: 1, blankFaces: 4 }, read: { avoided: '5/6', unhurt: '0/1', hurt: '1/6', death: '0/1' } },
  { trap: 'mine', hp: 4, settings: { skullFaces: 2, shieldFaces: 1, blankFaces: 3, mineDamage: 4 }, read: { avoided: '2/3', unhurt: '0/1', hurt: '0/1', death: '1/3' } },
  { trap: 'bear_trap', hp: 3, settings: { bearTrapDamage: 0, skullFaces: 3, shieldFaces: 0, blankFaces: 1 }, read: { avoided: '1/4', unhurt: '3/4', hurt: '0/1', death: '0/1' } },
];

describe('wasteland: the exact step reading is what play does', () => {
  for (const c of CASES) {
    it(`${c.trap}, ${c.hp} HP, settings ${JSON.stringify(c.settings)}: 3,000 steps of the engine against the reading`, () => {
      const first = fixture(c.trap, c.hp, c.settings, 'odds-0');
      const odds = stepOdds(first, player(first), trapAt(first, 2, 1)!);
      expect(odds).not.toBeNull();
      expect(Object.fromEntries(Object.entries(odds!).map(([k, o]) => [k, `${o.exact!.num}/${o.exact!.den}`]))).toEqual(c.read);
      const n = 3000;
      const seen: Record<string, number> = { avoided: 0, unhurt: 0, hurt: 0, death: 0 };
      for (let i = 0; i < n; i++) seen[outcome(fixture(c.trap, c.hp, c.settings, `odds-${i}`))]!++;
      for (const [name, o] of Object.entries(odds!)) {
        const se = Math.sqrt((o.p * (1 - o.p)) / n);
        expect(Math.abs(seen[name]! / n - o.p), `${name}: ${seen[name]} of ${n}, read ${o.p}`).toBeLessThanOrEqual(4.5 * se + 1e-9);
      }
    });
  }

  it('a detector in the pack, or wings: the reading says avoided, and play never sets the trap off', () => {
    const cases: Array<{ settings: Traits; hero: { flying?: boolean } }> = [
      { settings: { heroDetector: true }, hero: {} },
      { settings: {}, hero: { flying: true } },
    ];
    for (const c of cases) {
      const first = fixture('mine', 1, { ...c.settings, skullFaces: 1, shieldFaces: 0, blankFaces: 0 }, 'odds-0', c.hero);
      const inputs = getRuleset('wasteland').stepInputs!(first, player(first), trapAt(first, 2, 1)!)!;
      expect(inputs.detector || inputs.flying).toBe(true);
      expect(stepOdds(first, player(first), trapAt(first, 2, 1)!)!.avoided!.p).toBe(1);
      for (let i = 0; i < 50; i++) expect(outcome(fixture('mine', 1, { ...c.settings, skullFaces: 1, shieldFaces: 0, blankFaces: 0 }, `odds-${i}`, c.hero))).toBe('avoided');
    }
  });

  it('reads the live hero: its hit points now and the settings of this game', () => {
    const w = fixture('bear_trap', 7, { skullFaces: 2, shieldFaces: 2, blankFaces: 2, bearTrapDamage: 5 }, 'odds-0');
    const wasteland = getRuleset('wasteland');
    expect(wasteland.stepInputs!(w, player(w), trapAt(w, 2, 1)!)).toEqual({
      trap: 'bear_trap',
      hp: 7,
      detector: false,
      flying: false,
      'skull-faces': 2,
      'shield-faces': 2,
      'blank-faces': 2,
      damage: 5,
    });
    edit(w, (p) => {
      heroIn(p).hp = 5;
    });
    expect(stepOdds(w, player(w), trapAt(w, 2, 1)!)!.death!.exact).toEqual({ num: 1n, den: 3n });
  });

  it('reads no trap it cannot: one on a door, one already sprung', () => {
    const door = scenario({ ruleset: 'wasteland', map: MAP, traps: [{ kind: 'caltrops', known: true, host: 'door' }] });
    expect(getRuleset('wasteland').stepInputs!(door, player(door), trapAt(door, 2, 1)!)).toBeNull();
    expect(stepOdds(door, player(door), trapAt(door, 2, 1)!)).toBeNull();
    const sprung = fixture('caltrops', 5, {}, 'odds-0');
    edit(sprung, (p) => {
      p.traps[0]!.armed = false;
    });
    expect(getRuleset('wasteland').stepInputs!(sprung, player(sprung), trapAt(sprung, 2, 1)!)).toBeNull();
  });

  it('the confirm window says it: caltrops for the new hero (20 HP)', () => {
    const w = fixture('caltrops', 20, {}, 'odds-0');
    expect(stepOddsSentence(stepOdds(w, player(w), trapAt(w, 2, 1)!)!)).toBe('You avoid it 50% (1/2); it hurts you 50% (1/2); it cannot kill you.');
  });
});
