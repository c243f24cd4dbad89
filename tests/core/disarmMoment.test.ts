/**
 * The disarm moment is said once (core/ruleset.ts `DisarmMoment`): in every ruleset, at live
 * traps of generated levels, the check a reading names (`odds <ruleset> disarm`, `verify`) gives
 * exactly the fractions of the moment's own program read by outcome (what play samples and the
 * disarm prompt shows). Play draws that same program by construction (core/traps/disarm.ts
 * `rulesetDisarm`); `verify --in-play` holds play's outcomes against the reading (sim/inPlay.ts).
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { newGame } from '../../src/core/engine.ts';
import { exact, type Outcome, type Prob } from '../../src/core/prob.ts';
import { getRuleset, resolveSettings } from '../../src/core/registry.ts';
import type { Actor, World } from '../../src/core/world.ts';
import { DIRECTIONS, isWalkable, terrainAt } from '../../src/core/world.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

function fractions(p: Prob<Outcome>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of exact(p)) out[String(o.value)] = o.exact ? `${o.exact.num}/${o.exact.den}` : String(o.p);
  return out;
}

/** The hero where a disarm of `trap` can be read: on its cell (Wasteland) or beside it, knowing it. */
function placings(world: World, trapIndex: number): Array<{ world: World; hero: Actor }> {
  const trap = world.traps[trapIndex]!;
  const out: Array<{ world: World; hero: Actor }> = [];
  for (const [dx, dy] of [[0, 0], ...DIRECTIONS] as Array<[number, number]>) {
    const x = trap.x + dx;
    const y = trap.y + dy;
    if (!isWalkable(terrainAt(world, x, y))) continue;
    const hero = { ...world.actors.find((a) => a.id === world.playerId)!, x, y };
    const traps = world.traps.map((t, i) => (i === trapIndex ? { ...t, knownBy: [...t.knownBy, world.playerId] } : t));
    out.push({ world: { ...world, traps, actors: world.actors.map((a) => (a.id === hero.id ? hero : a)) }, hero });
  }
  return out;
}

describe('the disarm moment, one program read two ways', () => {
  for (const id of RULESET_IDS) {
    it(`${id}: the named check reads as the moment's program, at every trap of 6 levels`, () => {
      const ruleset = getRuleset(id);
      let read = 0;
      for (let seed = 1; seed <= 3; seed++)
        for (const depth of [1, 3]) {
          const world = newGame({ seed: `moment-${seed}`, ruleset: id, depth });
          const settings = resolveSettings(ruleset, world.settings);
          world.traps.forEach((_t, i) => {
            for (const { world: w, hero } of placings(world, i)) {
              const reading = ruleset.disarm.read(w, hero, w.traps[i]!);
              if (!reading) continue;
              const check = ruleset.checks[reading.check]!;
              const viaCheck = fractions(check.program(reading.inputs, settings));
              const viaMoment = fractions(ruleset.disarm.program(reading.inputs, settings).map((f) => ruleset.disarm.outcome(f)));
              // The check lists every outcome; the moment's reading names those it reaches.
              for (const [name, f] of Object.entries(viaMoment)) expect(viaCheck[name], `${id} ${w.traps[i]!.kind} ${name}`).toBe(f);
              for (const [name, f] of Object.entries(viaCheck)) if (f !== '0/1') expect(viaMoment[name], `${id} ${w.traps[i]!.kind} ${name}`).toBe(f);
              read++;
              break;
            }
          });
        }
      expect(read).toBeGreaterThan(5);
    });
  }
});
