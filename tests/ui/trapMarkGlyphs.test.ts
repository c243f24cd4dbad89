/**
 * A known trap whose glyph the map also draws as terrain or an item is marked reversed (issue
 * #39): CDDA's cot `#` is not a wall's `#`; a `^` stays a `^`.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { getRuleset } from '../../src/core/registry.ts';
import { parseScenario, scenarioWorld } from '../../src/core/scenario.ts';
import { reversed, TERRAIN_GLYPHS } from '../../src/render/palette.ts';
import { trapMarks } from '../../src/render/view.ts';

const map = ['############', '#..........#', '#.@......>.#', '#..........#', '############'];

describe('known traps in a map glyph', () => {
  it("CDDA's cot is drawn reversed, unlike any terrain glyph; a bear trap's ^ as it is", () => {
    const s = parseScenario({ format: 'trapsmith-scenario', version: 1, name: 'cot', ruleset: 'cdda', map, traps: [{ kind: 'cot', x: 1, y: 1, known: true }, { kind: 'beartrap', x: 4, y: 1, known: true }] });
    const marks = trapMarks(scenarioWorld(s, 'cdda', '1', {}), getRuleset('cdda'));
    const at = (x: number) => marks.find((m) => m.x === x)!.ch;
    expect(at(1)).toBe(reversed('#'));
    expect(Object.values(TERRAIN_GLYPHS).map((g) => g.ch)).not.toContain(at(1));
    expect(at(4)).toBe('^');
  });
});
