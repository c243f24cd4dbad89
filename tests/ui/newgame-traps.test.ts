/**
 * The New game panel's Traps section, its part without a DOM: the shipped examples it bundles, and
 * the check of a file the player imports (the message names the file and the field; nothing is
 * registered until the game starts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listRulesets } from '../../src/core/registry.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';
import { playTrapFile } from '../../src/share/trapFiles.ts';
import { baseRuleset } from '../../src/ui/newgame.ts';
import { checkTrapFile, EXAMPLES, kindLine } from '../../src/ui/newgameTraps.ts';

const DIR = new URL('../../examples/traps/', import.meta.url);
const ids = () => listRulesets().map((r) => r.id).sort();

describe('the Traps section of the New game panel', () => {
  it('bundles every shipped example, parsed as the reader parses the file on disk', () => {
    const names = readdirSync(DIR).filter((n) => n.endsWith('.json')).sort();
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(EXAMPLES.map((e) => e.key)).toEqual(names.map((n) => `example:${n}`));
    for (const e of EXAMPLES) expect(e.file).toEqual(parseTrapFile(readFileSync(new URL(e.key.slice('example:'.length), DIR), 'utf8'), 'disk'));
  });

  it('an imported file is checked as starting the game would check it, naming the file and the field, registering nothing', () => {
    const before = ids();
    const net = JSON.parse(readFileSync(new URL('net.json', DIR), 'utf8'));
    const good = checkTrapFile(JSON.stringify({ ...net, name: 'Net trap imported' }), 'mine.json');
    expect('file' in good && good.file.name).toBe('Net trap imported');
    const badDice = structuredClone(net);
    badDice.traps[0].effect.turns = 'lots';
    expect(checkTrapFile(JSON.stringify(badDice), 'mine.json')).toEqual({ error: 'mine.json: traps[0].effect.turns: expected dice like "2d6", got "lots"' });
    expect(checkTrapFile('{"format": "trapsmith-traps",', 'cut.json')).toMatchObject({ error: expect.stringMatching(/^cut\.json: not valid JSON/) });
    expect(checkTrapFile(JSON.stringify({ ...net, ruleset: 'nethack' }), 'nethack.json')).toEqual({ error: 'nethack.json: ruleset: "nethack" is not a ruleset that plays trap files (cdda, omega, ceaptun, d20, wasteland)' });
    // Cēaptūn's net given to CDDA: refused by CDDA's own checks, naming the field.
    expect(checkTrapFile(JSON.stringify({ ...net, ruleset: 'cdda' }), 'cdda.json')).toMatchObject({ error: expect.stringMatching(/^cdda\.json: traps\[0\]\.numbers/) });
    expect(checkTrapFile(JSON.stringify({ ...net, traps: [{ ...net.traps[0], numbers: {} }] }), 'nonumbers.json')).toMatchObject({ error: expect.stringMatching(/^nonumbers\.json: traps\[0\]\.numbers/) });
    expect(checkTrapFile('{"__proto__": {"x": 1}}', 'proto.json')).toMatchObject({ error: expect.stringMatching(/^proto\.json: __proto__: "__proto__" cannot be a name here/) });
    expect(ids()).toEqual(before);
  });

  it('a file named as one in play in this page, with other traps, is refused before it could start a game', () => {
    const net = JSON.parse(readFileSync(new URL('net.json', DIR), 'utf8'));
    const first = { ...net, name: 'Net trap in play' };
    playTrapFile(parseTrapFile(JSON.stringify(first), 'first.json'), 'first.json');
    expect('file' in checkTrapFile(JSON.stringify(first), 'again.json')).toBe(true);
    const other = structuredClone(first);
    other.traps[0].numbers.difficulty = 15;
    expect(checkTrapFile(JSON.stringify(other), 'other.json')).toMatchObject({ error: expect.stringMatching(/^other\.json: name: another trap file named "Net trap in play" for Cēaptūn is in play in this page/) });
  });

  it('lists each kind with its hosts, weight and charges; a trap file ruleset’s base is its built-in ruleset', () => {
    const lines = EXAMPLES.flatMap((e) => e.file.traps.map(kindLine));
    expect(lines).toContain('net trap (net): floor, weight 2, goes off once');
    expect(baseRuleset('ceaptun+net-trap')).toBe('ceaptun');
    expect(baseRuleset('omega')).toBe('omega');
  });
});
