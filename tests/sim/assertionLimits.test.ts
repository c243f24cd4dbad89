/**
 * An assertions file's forEach lists multiply: their combinations are counted (the product of
 * the list lengths, summed over the file) before anything is read, and a file past
 * MAX_COMBINATIONS is refused naming the assertion, the count and the limit — in the CLI and in
 * the Lab alike, which both read files through parseAssertions.
 */
import { describe, expect, it } from 'vitest';
import { assertCommand } from '../../src/cli/commands/assert.ts';
import { AssertionFileError, combinationCount, evaluateAssertions, MAX_COMBINATIONS, parseAssertions } from '../../src/sim/assertions.ts';
import { run, tempFile } from './cliHarness.ts';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function exactAssertion(id: string, forEach: Record<string, number[]>) {
  return { id, ruleset: 'ceaptun', says: 's', exact: { check: 'disarm', inputs: { modifier: 2 }, forEach, measure: 'P(set_off)', expect: { le: 1 } } };
}

describe('forEach combinations', () => {
  it('are the product of the list lengths, exactly past any float', () => {
    expect(MAX_COMBINATIONS).toBe(10_000);
    expect(combinationCount(exactAssertion('a', { difficulty: range(3), dex: range(7) }))).toBe(21n);
    expect(combinationCount(exactAssertion('a', {}))).toBe(1n);
    // 1000^120 overflows a double to Infinity; the count stays exact.
    const huge = Object.fromEntries(range(120).map((i) => [`k${i}`, range(1000)]));
    expect(combinationCount(exactAssertion('a', huge))).toBe(1000n ** 120n);
  });

  it('one assertion past the limit is refused by name, with its count, its lists and the limit', () => {
    const text = JSON.stringify({ assertions: [exactAssertion('ok', { difficulty: [10] }), exactAssertion('boom', { difficulty: range(1000), dex: range(1000), 'disable-device': range(1000) })] });
    expect(() => parseAssertions(text, 'big.json')).toThrow(AssertionFileError);
    expect(() => parseAssertions(text, 'big.json')).toThrow(
      'big.json: boom: forEach makes 1000000000 combinations (difficulty 1000 × dex 1000 × disable-device 1000); at most 10000 in a file',
    );
  });

  it('the file as a whole is held to the limit too: 10,000 in all pass, 10,001 do not', () => {
    const at = { assertions: [exactAssertion('a', { difficulty: range(100), dex: range(50) }), exactAssertion('b', { difficulty: range(50), dex: range(100) })] };
    expect(parseAssertions(JSON.stringify(at), 'f.json').assertions).toHaveLength(2);
    const past = { assertions: [...at.assertions, exactAssertion('c', { difficulty: [12] })] };
    expect(() => parseAssertions(JSON.stringify(past), 'f.json')).toThrow(
      "f.json: the file's forEach lists make 10001 combinations in all (the most, 5000, in a); at most 10000 in a file",
    );
  });

  it('a file built in code is held to it when evaluated', async () => {
    const file = { assertions: [exactAssertion('boom', { difficulty: range(200), dex: range(200) })] };
    await expect(evaluateAssertions(file)).rejects.toThrow('boom: forEach makes 40000 combinations (difficulty 200 × dex 200); at most 10000 in a file');
  });

  it('trapsmith assert exits 2 naming it, before reading anything', async () => {
    const path = tempFile('boom.json', { assertions: [exactAssertion('boom', { difficulty: range(1000), dex: range(1000), 'disable-device': range(1000) })] });
    const r = await run(assertCommand, ['--file', path]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`trapsmith assert: ${path}: boom: forEach makes 1000000000 combinations (difficulty 1000 × dex 1000 × disable-device 1000); at most 10000 in a file`);
    expect(r.out).toBe('');
  });
});
