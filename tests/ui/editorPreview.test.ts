/**
 * What the level editor draws (ui/editor/preview.ts): the first world of a game on the draft —
 * the same cells, traps and monsters Play starts with — with the whole map in sight and every
 * trap known, and the same for the same draft.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { scenarioWorld } from '../../src/core/scenario.ts';
import { worldHash } from '../../src/core/world.ts';
import { LevelDraft } from '../../src/ui/editor/draft.ts';
import { previewWorld } from '../../src/ui/editor/preview.ts';

describe('the editor’s preview', () => {
  it('is the level Play starts, every cell in sight and every trap known', () => {
    const d = LevelDraft.blank('d20', 14, 6);
    d.paint(6, 2, 'C');
    d.placeTrap(6, 2, 'poison_needle');
    d.placeTrap(4, 3, 'camo_pit');
    d.placeMonster(10, 2, 'goblin', true);
    const shown = previewWorld(d, 'd20');
    const played = scenarioWorld(d.scenario(), 'd20', 'any seed');
    expect([...shown.terrain]).toEqual([...played.terrain]);
    expect(shown.traps.map((t) => [t.kind, t.x, t.y, t.host.kind])).toEqual(played.traps.map((t) => [t.kind, t.x, t.y, t.host.kind]));
    expect(shown.actors.map((a) => [a.kind, a.x, a.y])).toEqual(played.actors.map((a) => [a.kind, a.x, a.y]));
    expect(shown.visible.every((v) => v === 1)).toBe(true);
    expect(shown.memory.every((m, i) => m === shown.terrain[i]! + 1)).toBe(true);
    expect(shown.traps.every((t) => t.knownBy.includes(shown.playerId))).toBe(true);
    // The game itself starts with the hidden traps hidden.
    expect(played.traps.filter((t) => t.knownBy.length > 0)).toEqual([]);
    expect(worldHash(previewWorld(d, 'd20'))).toBe(worldHash(shown));
  });
});
