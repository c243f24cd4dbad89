/**
 * A game on a hand-made level (a scenario) is recorded like any other: its header carries the
 * scenario, so its replay file, its save and its link each replay it alone, to the same world.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, scenarioKey } from '../../src/core/scenario.ts';
import { DIRECTIONS, worldHash } from '../../src/core/world.ts';
import { decodeLink, encodeLink } from '../../src/share/link.ts';
import { parseReplayText, replayToText, validateReplay } from '../../src/share/format.ts';
import { replay } from '../../src/share/replay.ts';
import { SaveStore, type StorageLike } from '../../src/share/saves.ts';
import { GameController } from '../../src/ui/game.ts';
import { optionsOf, sameGame, ShareSession } from '../../src/ui/share/session.ts';
import { createUiStore } from '../../src/ui/store.ts';
import { gameQuery, parseGameUrl, type GameOptions } from '../../src/ui/url.ts';
import { getRuleset } from '../../src/core/registry.ts';
import '../../src/rulesets/index.ts';

const PITS = parseScenario(readFileSync('examples/scenarios/pit-corridor.json', 'utf8'));
const OPTIONS: GameOptions = { seed: 'drawn-1', ruleset: 'ceaptun', width: 18, height: 6, style: 'rooms', settings: {}, scenario: PITS };

function mapStorage(): StorageLike {
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function played(n = 40) {
  const store = createUiStore();
  const game = new GameController(store);
  game.start(OPTIONS);
  const storage = mapStorage();
  const session = new ShareSession(game, store, new SaveStore(storage));
  // East along the corridor, with a search now and then; yes to every "Really step…?".
  for (let i = 0; i < n && !game.world!.over; i++) {
    if (i % 5 === 4) game.handle({ type: 'search' });
    else {
      const [dx, dy] = i % 7 === 6 ? DIRECTIONS[i % 8]! : [1, 0];
      game.handle({ type: 'move', dx, dy });
      if (store.getState().confirm) game.handle({ type: 'yes' });
    }
  }
  return { game, session, storage };
}

describe('a game on a scenario', () => {
  it('starts on the drawn level: its map, its traps where the file puts them, the player on the @', () => {
    const { game } = played(0);
    const w = game.world!;
    expect([w.width, w.height]).toEqual([PITS.map[0]!.length, PITS.map.length]);
    expect(w.traps.map((t) => [t.kind, t.x, t.y])).toEqual(PITS.traps!.map((t) => [t.kind, t.x, t.y]));
    const row = PITS.map.findIndex((r) => r.includes('@'));
    const hero = w.actors.find((a) => a.id === w.playerId)!;
    expect([hero.x, hero.y]).toEqual([PITS.map[row]!.indexOf('@'), row]);
  });

  it('is recorded: its file carries the scenario and replays to the running world; so do its link and its save', () => {
    const { game, session, storage } = played();
    const file = session.file()!;
    expect(file.actions.length).toBeGreaterThan(10);
    expect(file.scenario).toEqual(PITS);
    const running = worldHash(game.world!);
    // The file, as text.
    const read = parseReplayText(replayToText(file));
    if (!read.ok) throw new Error(read.problem.message);
    expect(replay(read.value).hash).toBe(running);
    // The link.
    const linked = decodeLink(encodeLink(file));
    if (!linked.ok) throw new Error(linked.problem.message);
    expect(linked.value.scenario).toEqual(PITS);
    expect(replay(linked.value).hash).toBe(running);
    // The save, read back by another page.
    const saves = new SaveStore(storage);
    const listed = saves.list();
    if (!listed.ok) throw new Error(listed.problem.message);
    const loaded = saves.load(listed.value[0]!.id);
    if (!loaded.ok) throw new Error(loaded.problem.message);
    expect(loaded.value.save.scenario).toEqual(PITS);
    expect(replay(loaded.value.save).hash).toBe(running);
    expect(sameGame(loaded.value.save, OPTIONS)).toBe(true);
    expect(sameGame(loaded.value.save, { ...OPTIONS, scenario: undefined })).toBe(false);
    expect(optionsOf(loaded.value.save).scenario).toEqual(PITS);
  });

  it('has an address naming the scenario by its key, not its map', () => {
    const q = gameQuery(OPTIONS);
    const params = new URLSearchParams(q);
    expect(params.get('scenario')).toBe(scenarioKey(PITS));
    expect(scenarioKey(PITS)).toMatch(/^a-corridor-of-pits-[0-9a-f]{8}$/);
    expect(params.has('w') || params.has('ruleset')).toBe(false);
    expect(parseGameUrl(q, [getRuleset('ceaptun')]).scenario).toBe(scenarioKey(PITS));
    // Another file of the same name has another key.
    expect(scenarioKey({ ...PITS, traps: [] })).not.toBe(scenarioKey(PITS));
  });

  it('refuses a header whose scenario is bad or does not fit it, naming the field', () => {
    const { session } = played(3);
    const file = session.file()!;
    const problem = (f: unknown) => {
      const r = validateReplay(f);
      return r.ok ? 'accepted' : r.problem.message;
    };
    expect(problem({ ...file, width: 80 })).toMatch(/width, height: the game is 80x6, its scenario's map 18x6/);
    expect(problem({ ...file, ruleset: 'd20' })).toMatch(/scenario.ruleset: the scenario is for ceaptun, the game plays d20/);
    expect(problem({ ...file, scenario: { ...PITS, map: PITS.map.map((r) => r.replace('>', '.')) } })).toMatch(/scenario.map: expected one > \(the stairs down\), found 0/);
    expect(problem({ ...file, scenario: { ...PITS, traps: [{ kind: 'acid_bath', x: 8, y: 2 }] } })).toMatch(/scenario.traps\[0\].kind: ceaptun has no trap kind "acid_bath"/);
    expect(problem({ ...file, scenario: { ...PITS, version: 2 } })).toMatch(/scenario.version/);
    expect(problem({ ...file, scenario: JSON.parse('{"__proto__": {"x": 1}}') })).toMatch(/scenario/);
  });
});

describe('trapsmith replay of a game on a scenario', () => {
  it('names the scenario and reaches the recorded hash, from the file and from the link', async () => {
    const { main } = await import('../../src/cli/main.ts');
    const { session } = played();
    const file = session.file()!;
    const out: string[] = [];
    const cli = { out: (t: string) => out.push(t), err: () => {}, stdin: async () => replayToText(file) };
    expect(await main(['replay', '-'], cli)).toBe(0);
    const lines = out.join('\n').split('\n');
    expect(lines[0]).toBe(`Replay ruleset ceaptun, seed "drawn-1", scenario "A corridor of pits" (18x6), ${file.actions.length} actions`);
    expect(lines.at(-1)).toBe(`Hash ${file.hash} (matches the recorded hash)`);
    out.length = 0;
    expect(await main(['replay', `https://example.org/#g=${encodeLink(file)}`], { ...cli, stdin: async () => '' })).toBe(0);
    expect(out.join('\n').split('\n').at(-1)).toBe(`Hash ${file.hash} (matches the recorded hash)`);
  });
});
