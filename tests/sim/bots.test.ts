import { describe, expect, it } from 'vitest';
import { step } from '../../src/core/engine.ts';
import { listRulesets } from '../../src/core/registry.ts';
import type { World } from '../../src/core/world.ts';
import { BOT_NAMES, getBot } from '../../src/sim/bots/index.ts';
import { type CarefulOdds, chooseAtTrap } from '../../src/sim/bots/careful.ts';
import { probeTrap } from '../support/probe.ts';
import { runBatch } from '../../src/sim/runner.ts';
import { scenario } from '../support/scenario.ts';
import { player } from '../../src/core/level.ts';

/** Lets a bot play a scenario for up to `n` steps; returns the actions it chose. */
function drive(world: World, botName: string, n: number): string[] {
  const bot = getBot(botName).create(world);
  const taken: string[] = [];
  for (let i = 0; i < n && !world.over; i++) {
    const a = bot.act(world);
    if (!a) break;
    taken.push(a.type === 'move' ? `move${a.confirm ? '!' : ''}` : a.type);
    const r = step(world, a);
    if (r.refused) bot.refused?.(world, a, r.refused);
  }
  return taken;
}

describe('bots', () => {
  it('every bot plays whole games under every ruleset', async () => {
    const rulesets = listRulesets().filter((r) => !r.id.includes('~') && !r.id.startsWith('test-') && r.id !== 'broken');
    expect(rulesets.length).toBeGreaterThanOrEqual(6);
    for (const r of rulesets) {
      for (const bot of BOT_NAMES) {
        const res = await runBatch({ columns: [{ ruleset: r.id, bot, turnLimit: 400 }], runs: 2, seedStart: 11 });
        const rc = res.columns[0]!.runCounts;
        expect(rc.runs, `${r.id}/${bot}`).toBe(2);
        expect(rc.won + rc.died + rc.timeout, `${r.id}/${bot} got stuck`).toBe(2);
      }
    }
  }, 120_000);

  it('reckless walks onto a known trap on its way; careful goes round it', () => {
    const map = ['#########', '#.......#', '#@..^..>#', '#.......#', '#########'];
    const reckless = scenario({ ruleset: 'test', map, traps: [{ kind: 'spike', known: true }], settings: { goalDepth: 1 } });
    reckless.stairsDown = [7, 2];
    expect(drive(reckless, 'reckless', 20)).toContain('move!');
    expect(reckless.traps[0]!.knownBy).toContain(1);

    const careful = scenario({ ruleset: 'test', map, traps: [{ kind: 'spike', known: true }], settings: { goalDepth: 1 } });
    careful.stairsDown = [7, 2];
    const hp = player(careful).hp;
    const taken = drive(careful, 'careful', 40);
    expect(taken).not.toContain('move!');
    expect(taken).toContain('descend');
    expect(player(careful).hp).toBe(hp);
  });

  it('careful disarms a known trap in the only way when its odds are good, and steps past when they are not', () => {
    const map = ['#######', '#@.^.>#', '#######'];
    const good = scenario({ ruleset: 'test', map, traps: [{ kind: 'spike', known: true }], player: { traits: { skill: 20 } }, settings: { goalDepth: 1 } });
    good.stairsDown = [5, 1];
    const a = drive(good, 'careful', 30);
    expect(a).toContain('disarm');
    expect(a).not.toContain('move!');
    expect(good.traps).toHaveLength(0);

    const bad = scenario({ ruleset: 'test', map, traps: [{ kind: 'spike', known: true }], player: { traits: { skill: -20 } }, settings: { goalDepth: 1 } });
    bad.stairsDown = [5, 1];
    const b = drive(bad, 'careful', 30);
    expect(b).not.toContain('disarm');
    expect(b).toContain('move!');
  });

  it('the careful choice: disarm when trying until done is safer than the step, or at good odds', () => {
    const odds = (success: number, setOff: number, trigger: number, available = true): CarefulOdds => ({ trigger, disarm: available ? { success, setOff } : null });
    expect(chooseAtTrap(odds(0.2, 0.1, 0.5), 0)).toBe('disarm'); // eventually set off 1/3 < 1/2
    expect(chooseAtTrap(odds(0.2, 0.3, 0.5), 0)).toBe('step'); // 0.6 > 0.5
    expect(chooseAtTrap(odds(0.6, 0.04, 0.01), 0)).toBe('disarm'); // good odds: >= 1/2 and <= 1/20
    expect(chooseAtTrap(odds(0.54, 0.19, 0.15), 0)).toBe('step'); // even odds but 19% set-off: no
    expect(chooseAtTrap(odds(0.9, 0, 1, false), 0)).toBe('step');
    expect(chooseAtTrap(odds(0.9, 0, 1), 8)).toBe('step');
  });

  it('the trapper rigs a trap between itself and a monster coming for it, and the monster walks onto it', () => {
    let rigged = 0;
    let monsterTriggers = 0;
    for (let i = 0; i < 6; i++) {
      const w = scenario({
        ruleset: 'test',
        seed: `lure${i}`,
        map: ['###########', '#@.......k#', '###########'],
        settings: { goalDepth: 1 },
        monsters: [{ ai: { mode: 'hunt', targetX: 1, targetY: 1, patience: 20 } }],
      });
      w.stairsDown = [9, 1];
      const bot = getBot('trapper').create(w);
      for (let n = 0; n < 30 && !w.over; n++) {
        const a = bot.act(w);
        if (!a) break;
        const r = step(w, a);
        for (const e of r.events) {
          if (e.type === 'trapPlaced' && e.trap.owner === 1) rigged++;
          if (e.type === 'trapTriggered' && e.actor !== 1 && e.actor !== null) monsterTriggers++;
        }
      }
    }
    expect(rigged).toBeGreaterThanOrEqual(6);
    expect(monsterTriggers).toBeGreaterThanOrEqual(3);
  });

  it('probes a trap with the ruleset\'s own code, leaving the world untouched', () => {
    const w = scenario({ ruleset: 'test', map: ['#####', '#@^.#', '#####'], traps: [{ kind: 'spike', known: true }], settings: { spikeSides: 4 } });
    const before = JSON.stringify({ ...w, terrain: [...w.terrain], memory: [...w.memory], visible: [...w.visible] });
    const o = probeTrap(w, w.traps[0]!.id, { trials: 400 });
    expect(JSON.stringify({ ...w, terrain: [...w.terrain], memory: [...w.memory], visible: [...w.visible] })).toBe(before);
    // The test ruleset's spike always fires and does 1d4: mean 2.5. Its disarm: 2d6 + 2 >= 7, i.e. 2d6 >= 5: 30/36.
    expect(o.enter.trigger).toBe(1);
    expect(o.enter.meanDamage).toBeGreaterThan(2.2);
    expect(o.enter.meanDamage).toBeLessThan(2.8);
    expect(o.disarm.available).toBe(true);
    expect(o.disarm.success).toBeGreaterThan(30 / 36 - 0.07);
    expect(o.disarm.success).toBeLessThan(30 / 36 + 0.07);
    expect(o.disarm.success + o.disarm.setOff).toBeCloseTo(1, 12);
    // Its search finds an adjacent trap half the time.
    expect(o.spot!.search).toBeGreaterThan(0.4);
    expect(o.spot!.search).toBeLessThan(0.6);
    // The same probe twice gives the same numbers (its dice are seeded from the game).
    expect(probeTrap(w, w.traps[0]!.id, { trials: 400 })).toEqual(o);
  });
});
