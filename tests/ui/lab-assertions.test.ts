/**
 * Assertions from a designer's file in the lab (src/ui/lab/assertionsFile.ts): a good file is taken
 * as it is and checks like the CLI's; a bad one is refused with a message naming the bad field.
 */
import { describe, expect, it } from 'vitest';
import { evaluateAssertions } from '../../src/sim/assertions.ts';
import { DEFAULT_NAME, defaultAssertions, readAssertionsText } from '../../src/ui/lab/assertionsFile.ts';
import { designerAssertions } from '../support/designerAssertions.ts';
import { RULESET_IDS } from '../../src/rulesets/manifest.ts';

const good = designerAssertions('No modifier ever sets off a difficulty 21 trap (false: without training most tries do).');

describe('assertions from a file', () => {
  it('the default file is the shipped one, with assertions for every ruleset', () => {
    const d = defaultAssertions();
    expect(d.name).toBe(DEFAULT_NAME);
    expect(d.custom).toBe(false);
    expect(new Set(d.file.assertions.map((a) => a.ruleset))).toEqual(new Set(RULESET_IDS));
  });

  it('a good file is read and checks green and red exactly', async () => {
    const r = readAssertionsText(JSON.stringify(good), 'mine.json');
    if (!r.ok) throw new Error(r.error);
    expect(r.source).toMatchObject({ name: 'mine.json', custom: true });
    const results = await evaluateAssertions(r.source.file);
    expect(results.map((a) => [a.id, a.status])).toEqual([
      ['mine/holds', 'pass'],
      ['mine/fails', 'fail'],
    ]);
    // 2d12 + 8 >= 12 unless the roll is 2 or 3 (3 of 144 rolls): 141/144. Off by 108/144 = 0.75 (see lab-sweep).
    expect(results[0]!.exact).toBe('47/48');
    expect(results[1]!.message).toMatch(/off by 0\.75/);
  });

  it.each([
    ['not JSON', '{"assertions": [', /mine\.json: not valid JSON/],
    ['a field of the wrong type', JSON.stringify({ assertions: [{ ...good.assertions[0], exact: { ...good.assertions[0]!.exact, measure: 'P(disarmed)', expect: { ge: 'lots' } } }] }), /mine\.json: assertions\.0\.exact\.expect\.ge/],
    ['a misspelt field', JSON.stringify({ assertions: [{ ...good.assertions[0], sayz: 'x' }] }), /mine\.json: assertions\.0.*sayz/],
    ['neither exact nor sim', JSON.stringify({ assertions: [{ id: 'x', ruleset: 'cdda', says: 'x' }] }), /exactly one of "exact" or "sim"/],
    ['an id used twice', JSON.stringify({ assertions: [good.assertions[0], good.assertions[0]] }), /"mine\/holds" is used twice/],
    ['an unknown bot', JSON.stringify({ assertions: [{ id: 'b', ruleset: 'cdda', says: 'x', sim: { bot: 'lucky', runs: 5, metric: 'survival', expect: { ge: 0 } } }] }), /unknown bot "lucky"/],
    ['no assertions', JSON.stringify({ assertions: [] }), /mine\.json: the file has no assertions/],
  ])('refuses %s with a message that says where', (_what, text, message) => {
    const r = readAssertionsText(text, 'mine.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});
