/**
 * One replay, hashed the same way wherever it runs: the world's hash at the end and every
 * `every` actions, and an FNV-1a hash of every step's result (its events, refusals included) in
 * order. Node runs it directly; the browser runs the same module bundled (determinismEntry.ts),
 * so the two answers differ only if the JavaScript engines play the game differently.
 */
import { step } from '../../../src/core/engine.ts';
import { fnv } from '../../support/fnv.ts';
import { worldHash } from '../../../src/core/world.ts';
import type { ReplayFile } from '../../../src/share/format.ts';
import { startWorld } from '../../../src/share/replay.ts';

export interface Played {
  hash: string;
  turn: number;
  eventHash: string;
  /** The world's hash after every `every` actions: where two runs part, if they do. */
  checkpoints: string[];
}


export function playFile(file: ReplayFile, every = 100): Played {
  const world = startWorld(file);
  let events = 0x811c9dc5;
  const checkpoints: string[] = [];
  file.actions.forEach((action, i) => {
    events = fnv(events, JSON.stringify(step(world, action)));
    if ((i + 1) % every === 0) checkpoints.push(worldHash(world));
  });
  return { hash: worldHash(world), turn: world.turn, eventHash: events.toString(16).padStart(8, '0'), checkpoints };
}
