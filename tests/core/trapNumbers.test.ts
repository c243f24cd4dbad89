/**
 * Numbers in trap definitions (core/traps): a `$name` setting where dice or a count go, and
 * numbers in message templates (`{damage}`, `{$name}`, counted forms), filled in before the words.
 */
import { describe, expect, it } from 'vitest';
import { countOf, diceAt, fillNumbers } from '../../src/core/traps/play.ts';
import { parseTrapFile } from '../../src/core/traps/schema.ts';

const values: Record<string, number> = { damage: 2, $lost: 1, $none: 0, $many: 3 };
const fill = (t: string) => fillNumbers(t, (name) => values[name]);

describe('numbers in templates', () => {
  it('fills {damage} and {$name}, and leaves nouns, {trap} and brackets to the words', () => {
    expect(fill('The caltrops pierce {1 his} feet ({damage} damage) [s]')).toBe('The caltrops pierce {1 his} feet (2 damage) [s]');
    expect(fill('{trap}: {$many} and {$none}')).toBe('{trap}: 3 and 0');
    expect(fill('no numbers here')).toBe('no numbers here');
  });

  it('counted forms: three for 0, 1 and more, two for 0 and any other, # the number', () => {
    const t = (n: string) => fill(`You lose{${n}: nothing| # action| # actions}.`);
    expect([t('$none'), t('$lost'), t('$many')]).toEqual(['You lose nothing.', 'You lose 1 action.', 'You lose 3 actions.']);
    expect([fill('held{$none:| fast}'), fill('held{$lost:| fast}'), fill('held{$many:| fast #}')]).toEqual(['held', 'held fast', 'held fast 3']);
    expect(fill('{damage:#!}')).toBe('2!');
  });

  it('names the template where a number is missing or a form too many', () => {
    expect(() => fill('({turns} turns)')).toThrow(/"\(\{turns\} turns\)": no number \{turns\} in this line/);
    expect(() => fill('{$lost:a|b|c|d}')).toThrow(/at most 3 forms/);
  });
});

describe('a line naming a number its effect does not roll', () => {
  const fileWith = (effect: unknown) => ({ format: 'trapsmith-traps', version: 1, ruleset: 'ceaptun', name: 'lines', traps: [{ id: 'k', name: 'k', colour: '#fff', hosts: ['floor'], placement: { weight: 1 }, charges: 1, numbers: {}, effect }] });

  it('is refused when the file is read, by its field, where play could not fill it in', () => {
    expect(() => parseTrapFile(fileWith({ do: 'tell', say: '{1} take[s] {damage}!' }), 'a.json')).toThrow(/traps\[0\]\.effect\.say: this line has no \{damage\} to say \(it names no number/);
    expect(() => parseTrapFile(fileWith({ do: 'all', effects: [{ do: 'say', say: { floor: 'ok', door: 'hit for {damage:none|one|#}' } }] }), 'b.json')).toThrow(/traps\[0\]\.effect\.effects\[0\]\.say\.door: this line has no \{damage\}/);
    expect(() => parseTrapFile(fileWith({ do: 'damage', damage: '2', say: 'for {turns} turns' }), 'c.json')).toThrow(/traps\[0\]\.effect\.say: this line has no \{turns\} to say \(it has \{damage\}/);
  });

  it('is taken where the effect rolls it: a damage line\'s {damage}, a status line\'s {turns}, a blast\'s each', () => {
    expect(() => parseTrapFile(fileWith({ do: 'damage', damage: '2', say: '{damage} damage' }), 'd.json')).not.toThrow();
    expect(() => parseTrapFile(fileWith({ do: 'status', status: 'held', turns: '2', say: 'held {turns:|# turn|# turns}' }), 'e.json')).not.toThrow();
    expect(() => parseTrapFile(fileWith({ do: 'blast', radius: 1, damage: '1d4', edge: 'full', colour: '#f00', each: '{1} take[s] {damage}.' }), 'f.json')).not.toThrow();
  });
});

describe('settings by name in dice and counts', () => {
  const noNumbers = (name: string) => {
    throw new Error(`no number ${name}`);
  };
  it('reads a $name through the lookup given, and refuses one with none to read it', () => {
    expect(diceAt('$mineDamage', 0, { setting: (name) => (name === 'mineDamage' ? 4 : 0), number: noNumbers })).toEqual({ n: 0, sides: 1, bonus: 4 });
    expect(diceAt(['1d4', '$x'], 3, { setting: () => 5, number: noNumbers })).toEqual({ n: 0, sides: 1, bonus: 5 });
    expect(() => diceAt('$mineDamage', 0)).toThrow(/name a number/);
    expect(countOf('$mineRadius', { setting: () => 2, number: noNumbers })).toBe(2);
    expect(countOf(1, { setting: () => 2, number: noNumbers })).toBe(1);
  });

  it('the schema takes "$name" for dice and a blast radius, and names a bad one', () => {
    const file = (effect: unknown) => ({
      format: 'trapsmith-traps',
      version: 1,
      ruleset: 'wasteland',
      name: 'N',
      traps: [{ id: 'x', name: 'x', colour: '#fff', hosts: ['floor'], placement: { weight: 1 }, charges: 1, numbers: {}, effect }],
    });
    expect(() => parseTrapFile(file({ do: 'blast', radius: '$mineRadius', damage: '$mineDamage', edge: 'full', colour: '#f00', noise: { volume: 100, source: 'a bang' } }))).not.toThrow();
    expect(() => parseTrapFile(file({ do: 'damage', damage: '$1x' }))).toThrow(/traps\[0\]\.effect\.damage: expected dice like "2d6", got "\$1x"/);
    expect(() => parseTrapFile(file({ do: 'blast', radius: 'two', edge: 'full', colour: '#f00' }))).toThrow(/traps\[0\]\.effect\.radius/);
  });
});
