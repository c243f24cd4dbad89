/**
 * The cost of a long game's saves and links: `npx tsx bench/saves.ts` (figures printed; not part
 * of `npm run bench`'s recorded table). A game of 100,000 actions (cdda, no monsters, the player
 * stepping to and fro) is kept, then played on: the figure is the whole turn as the page runs it
 * (step, log, autosave). Then its link is opened as the page opens it: decoded and replayed as
 * the worker does (off the page), and what stays on the page timed apart: the check of the link's
 * size and, at the end, rebuilding the world the worker sends.
 */
import '../src/rulesets/index.ts';
import { isWalkable, serializeWorld, terrainAt, worldHash } from '../src/core/world.ts';
import { decodeActions, encodeActions } from '../src/share/actionCodec.ts';
import { decodeLink, encodeLink, linkMoves } from '../src/share/link.ts';
import { LIMITS } from '../src/share/limits.ts';
import { record, resume } from '../src/share/replay.ts';
import { SaveStore, type StorageLike } from '../src/share/saves.ts';
import { GameController } from '../src/ui/game.ts';
import { ShareSession } from '../src/ui/share/session.ts';
import { createUiStore } from '../src/ui/store.ts';
import { deserializeWorld } from '../src/core/world.ts';
import { player } from '../src/core/level.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time<T>(fn: () => T): [T, number] {
  const t = performance.now();
  const v = fn();
  return [v, performance.now() - t];
}

export async function runSavesBench(n = LIMITS.actions - 100): Promise<Record<string, string>> {
  const rec = record({ seed: 'bench-saves', ruleset: 'cdda', settings: { monsters: 0, turnLimit: LIMITS.actions } });
  const hero = player(rec.world);
  const dx = isWalkable(terrainAt(rec.world, hero.x + 1, hero.y)) ? 1 : -1;
  for (let i = 0; i < n; i++) rec.step({ type: 'move', dx: i % 2 === 0 ? dx : -dx, dy: 0 });
  const file = rec.file();

  // Per turn, as the page plays it: the game adopted (kept), then 30 turns played on.
  const data = new Map<string, string>();
  const storage: StorageLike = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  const store = createUiStore();
  const game = new GameController(store);
  game.start({ seed: 'other', ruleset: 'cdda', width: 80, height: 40, style: 'rooms', settings: {} });
  const session = new ShareSession(game, store, new SaveStore(storage));
  session.adopt(file);
  const turns: number[] = [];
  for (let i = 0; i < 30; i++) turns.push(time(() => game.handle({ type: 'move', dx: i % 2 === 0 ? -dx : dx, dy: 0 }))[1]);
  const saveOnly: number[] = [];
  for (let i = 0; i < 30; i++) {
    game.handle({ type: 'move', dx: i % 2 === 0 ? -dx : dx, dy: 0 });
    saveOnly.push(time(() => session.autosave())[1]);
  }

  // Opening its link.
  const payload = encodeLink(file);
  const [, peek] = time(() => linkMoves(payload));
  const [decoded, decode] = time(() => decodeLink(payload));
  if (!decoded.ok) throw new Error(decoded.problem.message);
  const [result, replayMs] = time(() => resume(decoded.value));
  const sent = { world: serializeWorld(result.run.world), accepted: encodeActions(result.run.accepted), actions: encodeActions(decoded.value.actions) };
  const [rebuilt, rebuild] = time(() => {
    const world = deserializeWorld(sent.world);
    decodeActions(sent.accepted, LIMITS.actions);
    decodeActions(sent.actions, LIMITS.actions);
    return worldHash(world);
  });
  if (rebuilt !== file.hash) throw new Error('the rebuilt world differs');
  const [, adoptMs] = time(() => session.adopt(decoded.value, { result }));
  return {
    actions: String(n),
    'link characters': String(payload.length),
    'turn, median of 30 (ms)': median(turns).toFixed(2),
    'autosave alone, median of 30 (ms)': median(saveOnly).toFixed(2),
    'link: size check on the page (ms)': peek.toFixed(1),
    'link: decode and check (worker, ms)': decode.toFixed(0),
    'link: replay (worker, ms)': replayMs.toFixed(0),
    'link: world and moves rebuilt on the page (ms)': rebuild.toFixed(1),
    'link: adopted on the page, first whole save (ms)': adoptMs.toFixed(0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await runSavesBench();
  for (const [k, v] of Object.entries(figures)) process.stdout.write(`${k}: ${v}\n`);
}
