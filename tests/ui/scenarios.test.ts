/**
 * The scenarios the page plays (ui/scenarios.ts): the shipped ones it bundles, each playing the
 * idea its file states; the scenario an address names, found among them or the kept games; and
 * the check before a game starts on one (its ruleset, its trap kinds), naming what is wrong.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRuleset } from '../../src/core/registry.ts';
import '../../src/rulesets/index.ts';
import { parseScenario, type Scenario, scenarioKey, scenarioWorld } from '../../src/core/scenario.ts';
import { SaveStore, type StorageLike } from '../../src/share/saves.ts';
import { GameController } from '../../src/ui/game.ts';
import { findScenario, playableScenario, readScenarioFile, SHIPPED_SCENARIOS } from '../../src/ui/scenarios.ts';
import { ShareSession } from '../../src/ui/share/session.ts';
import { createUiStore } from '../../src/ui/store.ts';

const DIR = new URL('../../examples/scenarios/', import.meta.url);
const onDisk = (name: string) => parseScenario(readFileSync(new URL(`${name}.json`, DIR), 'utf8'), name);

function mapStorage(): StorageLike & Storage {
  const data = new Map<string, string>();
  const s = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
  // Only the three methods SaveStore uses are called.
  return s as unknown as StorageLike & Storage;
}

describe('the shipped scenarios', () => {
  it('are every file of examples/scenarios, bundled as the reader reads them on disk, over three rulesets at least', () => {
    const names = readdirSync(DIR).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)).sort();
    expect(names.length).toBeGreaterThanOrEqual(4);
    expect(SHIPPED_SCENARIOS.map((s) => s.name)).toEqual(names);
    for (const s of SHIPPED_SCENARIOS) expect(s.scenario).toEqual(onDisk(s.name));
    expect(new Set(SHIPPED_SCENARIOS.map((s) => s.scenario.ruleset)).size).toBeGreaterThanOrEqual(3);
  });

  it('each plays its idea: a corridor of pits, a trapped vault door, a room of known traps to lure monsters into', () => {
    const world = (name: string) => {
      const s = onDisk(name);
      return { s, w: scenarioWorld(s, s.ruleset, 'idea') };
    };
    // The pits: the corridor's only way is one cell wide, through two hidden pits.
    const pits = world('pit-corridor');
    expect(pits.w.traps.filter((t) => t.kind === 'pit' && t.knownBy.length === 0).length).toBe(3);
    // The vault: its locked door carries a trap, its chest another.
    const vault = world('vault-door');
    const door = vault.w.traps.find((t) => t.host.kind === 'door')!;
    expect(vault.s.map[door.y]![door.x]).toBe('L');
    const chest = vault.w.traps.find((t) => t.host.kind === 'chest')!;
    expect(vault.w.chests.some((c) => c.x === chest.x && c.y === chest.y)).toBe(true);
    // The lure: the hero knows every trap, the monsters are awake.
    const lure = world('lure-room');
    expect(lure.w.traps.every((t) => t.knownBy.includes(lure.w.playerId))).toBe(true);
    const monsters = lure.w.actors.filter((a) => a.id !== lure.w.playerId);
    expect(monsters.length).toBe(3);
    expect(monsters.every((m) => !m.status.asleep)).toBe(true);
    // The hall: three fireballs in one room, none known.
    const hall = world('fireball-hall');
    expect(hall.w.traps.filter((t) => t.kind === 'fireball' && t.knownBy.length === 0).length).toBe(3);
    // The first level that teaches: a known trap to step past, a hidden one to find, a known one
    // on a door to disarm, something in the pack to rig, and a sleeping monster to lure.
    const first = world('first-steps');
    const pid = first.w.playerId;
    expect(first.w.traps.some((t) => t.host.kind === 'floor' && t.knownBy.includes(pid))).toBe(true);
    expect(first.w.traps.some((t) => t.host.kind === 'floor' && !t.knownBy.includes(pid))).toBe(true);
    expect(first.w.traps.some((t) => t.host.kind === 'door' && t.knownBy.includes(pid))).toBe(true);
    const hero = first.w.actors.find((a) => a.id === pid)!;
    expect(getRuleset(first.s.ruleset).rigOptions(first.w, hero).some((o) => o.available)).toBe(true);
    expect(first.w.actors.filter((a) => a.id !== pid).every((m) => m.status.asleep)).toBe(true);
  });
});

describe('the scenario an address names', () => {
  it('is a shipped one by its file name or its key, else a kept game’s by its key; else none', async () => {
    const pits = onDisk('pit-corridor');
    expect(findScenario('pit-corridor', null)?.scenario).toEqual(pits);
    expect(findScenario(scenarioKey(pits), null)?.scenario).toEqual(pits);
    expect(findScenario('constructor', null)).toBeNull();
    expect(findScenario('__proto__', null)).toBeNull();
    // An imported scenario, kept with its game: found again by the key its address holds.
    const mine: Scenario = { ...pits, name: 'My own corridor', traps: [{ kind: 'fireball', x: 9, y: 2 }] };
    const storage = mapStorage();
    const store = createUiStore();
    const game = new GameController(store);
    const ready = await playableScenario(mine, 'kept-1', 'mine.json');
    if ('error' in ready) throw new Error(ready.error);
    game.start(ready.options);
    new ShareSession(game, store, new SaveStore(storage));
    game.handle({ type: 'move', dx: 1, dy: 0 });
    expect(findScenario(scenarioKey(mine), null)).toBeNull();
    expect(findScenario(scenarioKey(mine), storage)).toEqual({ scenario: mine, source: 'a game kept in this browser' });
    expect(findScenario(scenarioKey({ ...mine, name: 'Another' }), storage)).toBeNull();
  });
});

describe('a scenario made ready to play', () => {
  it('gives the options of a game on it: its ruleset, its map’s size, the panel’s seed', async () => {
    const vault = onDisk('vault-door');
    const ready = await playableScenario(vault, 'seed-7', 'vault-door.json');
    expect(ready).toEqual({ options: { seed: 'seed-7', ruleset: 'd20', width: 22, height: 6, style: 'rooms', settings: {}, scenario: vault } });
    // The game on it opens by saying what the level is for.
    const store = createUiStore();
    new GameController(store).start((ready as { options: Parameters<GameController['start']>[0] }).options);
    // Its stairs lead on to generated levels down to the goal depth (5 by default), not "Depth 1 of 5" of a one-level map.
    expect(store.getState().log.map((l) => l.text)).toEqual([`Scenario "A trapped vault door": ${vault.description}`, 'Its stairs down lead on to generated levels, down to depth 5. d20 3.5 SRD traps. Press ? for help.']);
    const options = (ready as { options: Parameters<GameController['start']>[0] }).options;
    new GameController(store).start({ ...options, settings: { goalDepth: 1 } });
    expect(store.getState().log.map((l) => l.text).at(-1)).toBe('Its stairs down win the game. d20 3.5 SRD traps. Press ? for help.');
  });

  it('refuses an unknown ruleset, a trap kind its ruleset lacks and a bad file, naming the field', async () => {
    const pits = onDisk('pit-corridor');
    expect(await playableScenario({ ...pits, ruleset: 'nethack' }, 's', 'x.json')).toEqual({ error: expect.stringMatching(/^x\.json: ruleset: no ruleset "nethack"/) });
    expect(await playableScenario({ ...pits, ruleset: 'wasteland' }, 's', 'x.json')).toEqual({ error: expect.stringMatching(/^x\.json: traps\[0\]\.kind: wasteland has no trap kind "pit"; .*traps\[2\]\.kind: wasteland has no trap kind "spear"/) });
    expect(await playableScenario({ ...pits, ruleset: 'constructor' }, 's', 'x.json')).toEqual({ error: expect.stringMatching(/ruleset: no ruleset "constructor"/) });
    expect(readScenarioFile('{"format": "trapsmith-scenario", "version": 2}', 'old.json')).toEqual({ error: expect.stringMatching(/^old\.json: .*version/) });
    expect(readScenarioFile('x'.repeat(10_000_001), 'big.json')).toEqual({ error: expect.stringMatching(/^big\.json: /) });
    expect(readScenarioFile('{"__proto__": {"x": 1}}', 'proto.json')).toEqual({ error: expect.stringMatching(/^proto\.json: __proto__/) });
  });
});
