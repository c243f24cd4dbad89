/**
 * Scenario files (core/scenario.ts): a hand-made level read field by field, refused with a
 * message naming what is wrong, and made into the level it draws.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { worldToAscii } from '../../src/core/ascii.ts';
import { parseScenario, type Scenario, scenarioWorld } from '../../src/core/scenario.ts';
import { worldHash } from '../../src/core/world.ts';

const EXAMPLE = readFileSync(new URL('../../examples/scenarios/pit-corridor.json', import.meta.url), 'utf8');

function withChange(change: (s: Record<string, unknown>) => void): string {
  const s = JSON.parse(EXAMPLE) as Record<string, unknown>;
  change(s);
  return JSON.stringify(s);
}

describe('scenario files', () => {
  it('make the level they draw: its map, traps, monsters and start, the same for every seed', () => {
    const s = parseScenario(EXAMPLE, 'pit-corridor.json');
    const a = scenarioWorld(s, s.ruleset, 'one');
    const b = scenarioWorld(s, s.ruleset, 'two');
    const drawn = worldToAscii(a);
    // The picture is the map with its traps (^) and the kobold (k) on it.
    expect(drawn[2]).toBe('#..@..\'.^.^.^#...#');
    expect(drawn[1]).toBe('#.....#######..k.#');
    expect(worldToAscii(b)).toEqual(drawn);
    expect(a.traps.map((t) => [t.kind, t.x, t.y, t.knownBy.includes(a.playerId)])).toEqual([
      ['pit', 8, 2, false],
      ['pit', 10, 2, false],
      ['spear', 12, 2, true],
      ['pit', 12, 3, false],
    ]);
    expect(a.stairsDown).toEqual([15, 3]);
    expect(a.actors.find((x) => x.kind === 'kobold')?.status.asleep).toBe(1);
    // Other seeds, other dice: the streams differ, so the worlds do too.
    expect(worldHash(a)).not.toBe(worldHash(b));
    expect(worldHash(scenarioWorld(s, s.ruleset, 'one'))).toBe(worldHash(a));
  });

  it('refuses a bad file naming what is wrong, every problem at once', () => {
    const cases: Array<[string, RegExp]> = [
      [withChange((s) => (s.version = 2)), /version: .*expected 1/i],
      [withChange((s) => (s.traps = [{ kind: 'pit', x: 0, y: 0 }])), /traps\[0\]: a floor trap cannot go at \(0, 0\), which is "#"/],
      [withChange((s) => (s.traps = [{ kind: 'pit', x: 150, y: 2 }])), /traps\[0\]: \(150, 2\) is off the 18x6 map/],
      [withChange((s) => (s.traps = [{ kind: 'pit', x: 6, y: 2, host: 'door' }])), /traps\[0\]: a door trap cannot go at \(6, 2\), which is "'" \(a door trap goes on a shut door/],
      [withChange((s) => ((s.map as string[])[3] = '#.....######.#.#.#')), /map: expected one > \(the stairs down\), found 0/],
      [withChange((s) => ((s.map as string[])[2] = '#..@..#......#...#')), /map: no path from the @ to the >/],
      [withChange((s) => ((s.map as string[])[2] = '#..@..\'......#..X#')), /map\[2\]: "X" at column 16 is not in the legend/],
      [withChange((s) => ((s.map as string[])[2] = '#..@..')), /map\[2\]: every row is as long as the first \(18\), this one is 6/],
      [withChange((s) => (s.monsters = [{ kind: 'dragon', x: 2, y: 2 }])), /monsters\[0\]\.kind: no monster "dragon" \(rat, kobold/],
      ['{"format":"trapsmith-scenario","__proto__":{"x":1}}', /"__proto__" cannot be a name here/],
      [`{"a":"${'x'.repeat(10_000_000)}"}`, /the file is 10000008 bytes, at most 1000000/],
      ['{not json', /not valid JSON/],
      [withChange((s) => (s.ruleset = 5)), /ruleset: /],
    ];
    for (const [text, message] of cases) expect(() => parseScenario(text, 'bad.json'), message.source).toThrow(message);
    const two = withChange((s) => {
      s.traps = [{ kind: 'pit', x: 0, y: 0 }];
      s.monsters = [{ kind: 'dragon', x: 2, y: 2 }];
    });
    expect(() => parseScenario(two, 'bad.json')).toThrow(/traps\[0\].*; monsters\[0\]/);
  });

  it('names a trap kind or a setting its ruleset lacks when it is played (constructor is no setting)', () => {
    const s: Scenario = { ...parseScenario(EXAMPLE), traps: [{ kind: 'landmine', x: 8, y: 2 }] };
    expect(() => scenarioWorld(s, s.ruleset, 'x')).toThrow(/traps\[0\]\.kind: ceaptun has no trap kind "landmine"/);
    const odd = parseScenario(withChange((f) => (f.settings = { constructor: 1 })));
    expect(() => scenarioWorld(odd, odd.ruleset, 'x')).toThrow(/settings: unknown setting "constructor" for ruleset ceaptun/);
  });

  it('carries a d20 designed trap as the designer’s inputs: it plays as designed, and a design that is no trap is named', () => {
    const vault = parseScenario(readFileSync(new URL('../../examples/scenarios/vault-door.json', import.meta.url), 'utf8'));
    const inputs = { trigger: 'location', reset: 'manual', 'reflex-dc': 20, damage: '4d6' };
    const free = vault.map.flatMap((row, y) => [...row].map((ch, x) => ({ ch, x, y }))).find((c) => c.ch === '.' && !vault.traps!.some((t) => t.x === c.x && t.y === c.y))!;
    const placed = { kind: 'designed', x: free.x, y: free.y, known: true, design: { name: 'Deep pit', inputs } };
    const file = parseScenario(JSON.stringify({ ...vault, traps: [...vault.traps!, placed] }), 'designed.json');
    const world = scenarioWorld(file, 'd20', 'designed-1');
    const trap = world.traps.find((t) => t.kind === 'designed')!;
    // The designer's inputs under its prefix, and the name it goes by (rulesets/d20/designer.ts).
    expect(trap.data).toEqual({ name: 'Deep pit', 'in:trigger': 'location', 'in:reset': 'manual', 'in:reflex-dc': 20, 'in:damage': '4d6' });
    const bad = (change: Record<string, unknown>) => ({ ...vault, traps: [{ ...placed, ...change }] });
    expect(() => scenarioWorld(bad({ design: undefined }), 'd20', 'x')).toThrow(/traps\[0\]\.design: a "designed" trap brings its own numbers: its design \(made in the trap designer\) is missing/);
    expect(() => scenarioWorld(bad({ design: { name: 'x', inputs: { ...inputs, damage: 'lots' } } }), 'd20', 'x')).toThrow(/traps\[0\]\.design: .*damage/);
    expect(() => scenarioWorld(bad({ kind: 'arrow' }), 'd20', 'x')).toThrow(/traps\[0\]\.design: only a trap of a designed kind \(designed\) carries a design/);
    const pits = parseScenario(EXAMPLE);
    expect(() => scenarioWorld({ ...pits, traps: [{ kind: 'pit', x: 8, y: 2, design: { name: 'x', inputs } }] }, 'ceaptun', 'x')).toThrow(/only a trap of a designed kind \(none in ceaptun\) carries a design/);
    // The reader refuses a hostile design before any ruleset sees it.
    const hostile = `{"format":"trapsmith-scenario","version":1,"name":"h","ruleset":"d20","map":${JSON.stringify(vault.map)},"traps":[{"kind":"designed","x":${free.x},"y":${free.y},"design":{"name":"x","inputs":{"__proto__":{"polluted":1}}}}]}`;
    expect(() => parseScenario(hostile, 'hostile.json')).toThrow(/hostile\.json: traps\.0\.design\.inputs\.__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

