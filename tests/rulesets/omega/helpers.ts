/** Shared helpers for the omega scenario tests. */
import { StepContext } from '../../../src/core/context.ts';
import { step } from '../../../src/core/engine.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import type { Actor, Traits, World } from '../../../src/core/world.ts';
import { type ScenarioOptions, scenario } from '../../support/scenario.ts';
import { player } from '../../../src/core/level.ts';

export type OmegaScenario = Omit<ScenarioOptions, 'ruleset'>;

export function omegaWorld(opts: OmegaScenario): World {
  return scenario({ ruleset: 'omega', ...opts });
}

/** A corridor: the player with one trap to the east. */
export function corridor(kind: string, opts: Omit<OmegaScenario, 'map' | 'traps'> & { trapData?: Traits; known?: boolean } = {}): World {
  const { trapData, known, ...rest } = opts;
  return omegaWorld({
    map: ['#######', '#.@^..#', '#######'],
    traps: [{ kind, ...(trapData ? { data: trapData } : {}), ...(known ? { known } : {}) }],
    ...rest,
  });
}

/** The player steps east (confirming a known trap). */
export function stepEast(w: World): GameEvent[] {
  return step(w, { type: 'move', dx: 1, dy: 0, confirm: true }).events;
}

export function texts(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
}

export function damageTo(events: readonly GameEvent[], actor: number): number[] {
  return events.flatMap((e) => (e.type === 'damaged' && e.actor === actor ? [e.amount] : []));
}

export function hero(w: World): Actor {
  return player(w);
}

/** Runs `f` on fresh worlds for seeds s0, s1, ... and returns the results. */
export function overSeeds<T>(n: number, make: (seed: string) => World, f: (w: World) => T): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(f(make(`s${i}`)));
  return out;
}

/** Moves an actor onto (x, y) through the core's arrival path (what walking in does), in its own step context. */
export function arrive(w: World, actor: Actor, x: number, y: number): StepContext {
  const ctx = new StepContext(w);
  ctx.moveActor(actor, x, y, 'walk');
  return ctx;
}
