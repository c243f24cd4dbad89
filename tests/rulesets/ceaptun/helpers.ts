/** Small helpers for the ceaptun scenario tests. */
import type { Action } from '../../../src/core/actions.ts';
import { step } from '../../../src/core/engine.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import type { Actor, World } from '../../../src/core/world.ts';
import { type ScenarioOptions, scenario } from '../../support/scenario.ts';
import { actorById } from '../../../src/core/level.ts';

export function world(opts: Omit<ScenarioOptions, 'ruleset'>): World {
  return scenario({ ruleset: 'ceaptun', ...opts });
}

export function messages(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'message' ? [e.text] : []));
}

export function ofType<T extends GameEvent['type']>(events: readonly GameEvent[], type: T): Array<Extract<GameEvent, { type: T }>> {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

/** Performs the action, failing the test if it was refused. */
export function act(w: World, action: Action): GameEvent[] {
  const r = step(w, action);
  if (r.refused) throw new Error(`refused: ${r.refused}`);
  return r.events;
}

export function actor(w: World, id: number): Actor {
  const a = actorById(w, id);
  if (!a) throw new Error(`no actor ${id}`);
  return a;
}

/** Damage a trap dealt to an actor in these events (blows of monsters left out). */
export function damageTo(events: readonly GameEvent[], id: number): number[] {
  return ofType(events, 'damaged')
    .filter((e) => e.actor === id && e.trap !== undefined)
    .map((e) => e.amount);
}

export const SEEDS = Array.from({ length: 400 }, (_, i) => `s${i}`);
