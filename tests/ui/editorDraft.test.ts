/**
 * The level editor's model (ui/editor/draft.ts): strokes that paint, place, move and take away,
 * undone and redone; a draft of a running game's level that gives back the file it was played
 * from; and the scenario it gives judged by the one scenario reader.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { parseScenario, scenarioWorld } from '../../src/core/scenario.ts';
import { draftOfWorld, LevelDraft } from '../../src/ui/editor/draft.ts';

const verdict = (d: LevelDraft) => {
  try {
    parseScenario(d.scenario(), 'draft');
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  }
};

describe('a level draft', () => {
  it('starts blank as a playable walled room: start at the west end, stairs at the east', () => {
    const d = LevelDraft.blank('ceaptun', 20, 8);
    expect(verdict(d)).toBe('ok');
    const w = scenarioWorld(d.scenario(), 'ceaptun', 'blank');
    const hero = w.actors.find((a) => a.id === w.playerId)!;
    expect([hero.x, hero.y]).toEqual([1, 4]);
    expect(w.stairsDown).toEqual([18, 4]);
  });

  it('paints cells one stroke at a time, undone and redone; the reader says what a stroke broke', () => {
    const d = LevelDraft.blank('ceaptun', 20, 8);
    for (let y = 1; y < 7; y++) d.paint(10, y, '#');
    expect(verdict(d)).toMatch(/map: no path from the @ to the >/);
    d.paint(10, 4, '+');
    expect(verdict(d)).toBe('ok');
    expect(d.undo()).toBe(true);
    expect(verdict(d)).toMatch(/no path/);
    expect(d.redo()).toBe(true);
    expect(d.at(10, 4)).toBe('+');
    // A stroke that changes nothing is none: undo goes back past it to the wall.
    expect(d.paint(10, 4, '+')).toBe(false);
    d.undo();
    expect(d.at(10, 4)).toBe('#');
    // A new stroke forgets what was undone.
    d.paint(3, 3, '~');
    expect(d.canRedo).toBe(false);
  });

  it('keeps one start and one stairs down: painting one moves it', () => {
    const d = LevelDraft.blank('ceaptun', 20, 8);
    d.paint(5, 2, '@');
    d.paint(15, 6, '>');
    const map = d.scenario().map.join('\n');
    expect(map.split('@').length - 1).toBe(1);
    expect(map.split('>').length - 1).toBe(1);
    expect([d.at(5, 2), d.at(1, 4), d.at(15, 6), d.at(18, 4)]).toEqual(['@', '.', '>', '.']);
    // Nothing else paints over them: the draft never loses its start or its stairs.
    expect(d.paint(5, 2, '#')).toBe(false);
    expect(d.paint(15, 6, '~')).toBe(false);
    expect([d.at(5, 2), d.at(15, 6)]).toEqual(['@', '>']);
  });

  it('makes one stroke of a drag: one undo takes the whole line back', () => {
    const d = LevelDraft.blank('ceaptun', 20, 8);
    d.paint(2, 2, '~');
    d.beginStroke();
    for (let x = 4; x < 9; x++) d.paint(x, 2, '#');
    d.endStroke();
    expect(d.at(8, 2)).toBe('#');
    d.undo();
    expect([4, 5, 6, 7, 8].map((x) => d.at(x, 2)).join('')).toBe('.....');
    expect(d.at(2, 2)).toBe('~');
    d.redo();
    expect([4, 5, 6, 7, 8].map((x) => d.at(x, 2)).join('')).toBe('#####');
    // A drag that changed nothing is no stroke.
    d.beginStroke();
    d.paint(4, 2, '#');
    d.endStroke();
    d.undo();
    expect(d.at(4, 2)).toBe('.');
  });

  it('gives a trap the host of the cell painted under it', () => {
    const d = LevelDraft.blank('ceaptun', 20, 8);
    d.placeTrap(6, 3, 'pit');
    d.paint(6, 3, 'C');
    expect(d.trapAt(6, 3)).toEqual({ kind: 'pit', x: 6, y: 3, host: 'chest' });
    d.paint(6, 3, 'L');
    expect(d.trapAt(6, 3)).toEqual({ kind: 'pit', x: 6, y: 3, host: 'door' });
    d.paint(6, 3, '.');
    expect(d.trapAt(6, 3)).toEqual({ kind: 'pit', x: 6, y: 3 });
    // Moved onto a chest, it goes in the chest; the world is built with no dangling host.
    d.paint(9, 3, 'C');
    d.move([6, 3], [9, 3]);
    expect(d.trapAt(9, 3)).toEqual({ kind: 'pit', x: 9, y: 3, host: 'chest' });
    const w = scenarioWorld(d.scenario(), 'ceaptun', 'host');
    expect(w.traps[0]!.host).toEqual({ kind: 'chest', chest: w.chests[0]!.id });
  });

  it('keeps what it does not draw (settings, depth, the character) from the scenario it opened', () => {
    const file = parseScenario(readFileSync('examples/scenarios/pit-corridor.json', 'utf8'));
    const withMore = { ...file, depth: 3, settings: { ...file.settings, turnLimit: 900 }, player: { hp: 7 } };
    const d = LevelDraft.fromScenario(withMore);
    d.paint(2, 1, '~');
    const back = d.scenario();
    expect([back.depth, back.settings, back.player]).toEqual([3, withMore.settings, { hp: 7 }]);
  });

  it('places traps by the cell’s host, moves and takes them away; a wall painted over one takes it', () => {
    const d = LevelDraft.blank('ceaptun', 20, 8);
    d.paint(8, 4, '+');
    d.paint(12, 2, 'C');
    d.placeTrap(5, 4, 'pit');
    d.placeTrap(8, 4, 'arrow', true);
    d.placeTrap(12, 2, 'fireball');
    d.placeMonster(14, 5, 'kobold', true);
    expect(d.scenario().traps).toEqual([
      { kind: 'fireball', x: 12, y: 2, host: 'chest' },
      { kind: 'pit', x: 5, y: 4 },
      { kind: 'arrow', x: 8, y: 4, host: 'door', known: true },
    ]);
    expect(verdict(d)).toBe('ok');
    d.move([5, 4], [6, 5]);
    expect(d.trapAt(5, 4)).toBeUndefined();
    expect(d.trapAt(6, 5)).toEqual({ kind: 'pit', x: 6, y: 5 });
    d.paint(6, 5, '#');
    expect(d.trapAt(6, 5)).toBeUndefined();
    d.clear(14, 5);
    expect(d.scenario().monsters).toBeUndefined();
    // A trap on the start is the reader's to refuse, naming the field.
    d.placeTrap(1, 4, 'pit');
    expect(verdict(d)).toMatch(/traps\[\d\]: a floor trap cannot go at \(1, 4\), which is "@"/);
  });

  it('of a running game’s first level gives back the scenario file it was played from', () => {
    const file = parseScenario(readFileSync('examples/scenarios/vault-door.json', 'utf8'));
    const world = scenarioWorld(file, 'd20', 'draft-1');
    const back = draftOfWorld(world, file.name).scenario();
    expect(back.map).toEqual(file.map);
    const byCell = (a: { x: number; y: number }, b: { x: number; y: number }) => a.y - b.y || a.x - b.x;
    expect(back.traps).toEqual([...file.traps!].sort(byCell));
    expect(back.monsters).toEqual(file.monsters);
  });
});
