import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const bin = new URL('../../src/cli/trapsmith.mjs', import.meta.url).pathname;

describe('the trapsmith executable', () => {
  it('runs a command and exits 0', () => {
    const r = spawnSync(process.execPath, [bin, 'odds', 'ceaptun', '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
  });

  it('exits 2 with a message on stderr for an unknown command', () => {
    const r = spawnSync(process.execPath, [bin, 'nonsense'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown command "nonsense"/);
  });

  it('an unknown ruleset exits 2 with one line on stderr and no stack trace', () => {
    for (const args of [['odds', 'nope'], ['odds', 'CDDA'], ['odds', 'nope', '--help']]) {
      const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^trapsmith odds: unknown ruleset "(nope|CDDA)" \(known: cdda, omega, ceaptun, d20, wasteland\)\n$/);
    }
  });

  it('inputs past any game are refused at once with exit 2, not read until the memory runs out', () => {
    const cases: Array<[string[], RegExp]> = [
      [['odds', 'omega', 'sleep', '--difficulty', '1000000000'], /--difficulty must be from 0 to 100, got 1000000000/],
      [['odds', 'wasteland', 'disarm', '--dice', '5000'], /--dice must be from 1 to 20, got 5000/],
      // Past the dice limits (diceLimits.ts): up to 120 missiles of up to 120 each.
      [['odds', 'd20', 'damage', '--dice', '20d6*20d6'], /--dice: 20d6 missiles: at most 100 \(limit\)/],
    ];
    for (const [args, message] of cases) {
      const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 30_000 });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });
});
