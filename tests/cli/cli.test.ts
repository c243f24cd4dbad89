import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMANDS, type CommandTable } from '../../src/cli/commands/index.ts';
import { main } from '../../src/cli/main.ts';
import type { CliIO } from '../../src/cli/io.ts';
import { UnknownRulesetError } from '../../src/core/registry.ts';

function io(stdin = '') {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => stdin };
  return { cli, out, err };
}

describe('trapsmith CLI', () => {
  it('map: same arguments, same output; a legend names every trap', async () => {
    const a = io();
    const b = io();
    expect(await main(['map', '--ruleset', 'test', '--seed', '7'], a.cli)).toBe(0);
    expect(await main(['map', '--ruleset', 'test', '--seed', '7'], b.cli)).toBe(0);
    expect(a.out.join('\n')).toBe(b.out.join('\n'));
    const text = a.out.join('\n');
    const carets = text.split('\n').slice(1, 41).join('').split('^').length - 1;
    const legend = text.split('\n').filter((l) => l.startsWith('^ ')).length;
    expect(carets).toBeGreaterThan(0);
    expect(legend).toBeGreaterThanOrEqual(carets);
  });

  it('map: each trap in its glyph as the game draws it (CDDA: a pit 0, bubble wrap _), in the picture and the legend', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'map-glyphs-'));
    const file = join(dir, 'glyphs.json');
    const map = ['##########', '#@......>#', '#........#', '#........#', '##########'];
    writeFileSync(file, JSON.stringify({ format: 'trapsmith-scenario', version: 1, name: 'Glyphs', ruleset: 'cdda', map, traps: [{ kind: 'pit', x: 2, y: 1 }, { kind: 'bubblewrap', x: 3, y: 1 }] }));
    const r = io();
    expect(await main(['map', '--scenario', file], r.cli)).toBe(0);
    const lines = r.out.join('\n').split('\n');
    expect(lines[2]).toBe('#@0_....>#');
    expect(lines.filter((l) => /^[0_] /.test(l)).map((l) => l[0])).toEqual(['0', '_']);
  });

  it('odds: JSON outcomes that sum to 1, with exact fractions', async () => {
    const r = io();
    expect(await main(['odds', 'test', 'disarm', '--skill', '2', '--difficulty', '9'], r.cli)).toBe(0);
    const json = JSON.parse(r.out[0]!) as { outcomes: Record<string, { p: number; exact: string }> };
    // 2d6 >= 7: 21/36 = 7/12, counted by hand.
    expect(json.outcomes.disarmed!.exact).toBe('7/12');
    expect(json.outcomes.set_off!.exact).toBe('5/12');
  });

  it('odds step: what the reading leaves out is named, in the JSON and under the table', async () => {
    const j = io();
    expect(await main(['odds', 'ceaptun', 'step', '--trap', 'fireball', '--hp', '5', '--format', 'json'], j.cli)).toBe(0);
    const r = JSON.parse(j.out.join('')) as { leavesOut?: string[] };
    expect(r.leavesOut).toEqual(['anyone else caught in it', 'the bleeding that follows a wound']);
    const t = io();
    expect(await main(['odds', 'ceaptun', 'step', '--trap', 'fireball', '--hp', '5', '--format', 'table'], t.cli)).toBe(0);
    expect(t.out.join('\n')).toMatch(/not read: anyone else caught in it; the bleeding that follows a wound/);
    // A check that leaves nothing out has no such field.
    const d = io();
    expect(await main(['odds', 'test', 'disarm', '--skill', '2', '--difficulty', '9'], d.cli)).toBe(0);
    expect(JSON.parse(d.out.join(''))).not.toHaveProperty('leavesOut');
  });

  it('odds --batch -: one result per line, a bad line answers an error and the rest go on', async () => {
    const r = io(
      [
        JSON.stringify({ ruleset: 'test', check: 'disarm', inputs: { skill: 0, difficulty: 12 } }),
        'not json',
        JSON.stringify({ ruleset: 'test', check: 'nope', inputs: {} }),
        JSON.stringify({ ruleset: 'test', check: 'spike', inputs: {} }),
      ].join('\n'),
    );
    expect(await main(['odds', '--batch', '-'], r.cli)).toBe(0);
    expect(r.out).toHaveLength(4);
    expect(JSON.parse(r.out[0]!).outcomes.disarmed.exact).toBe('1/36');
    expect(JSON.parse(r.out[1]!).error).toMatch(/not JSON/);
    expect(JSON.parse(r.out[2]!).error).toMatch(/unknown check "nope"/);
    expect(JSON.parse(r.out[3]!).mean).toBe(2.5);
    expect(JSON.parse(r.out[3]!).meanExact).toBe('5/2');
  });

  it('bad input exits 2 with a message naming what is wrong', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['frobnicate'], /unknown command "frobnicate"/],
      [['odds', 'nosuch', 'disarm'], /unknown ruleset "nosuch"/],
      [['odds', 'test', 'nosuch'], /unknown check "nosuch"/],
      [['odds', 'test', 'disarm', '--skil', '1', '--difficulty', '3'], /unknown option --skil/],
      [['odds', 'test', 'disarm', '--skill', 'x', '--difficulty', '3'], /--skill: expected a whole number, got "x"/],
      [['odds', 'test', 'disarm', '--skill', '0x2', '--difficulty', '3'], /--skill: expected a whole number, got "0x2"/],
      [['map', '--ruleset', 'test', '--seed', '1', '--style', 'maze'], /--style must be one of rooms, caves/],
      [['map', '--ruleset', 'test', '--seed', '1', '--bogus'], /bogus/],
      [['traps', 'test', '--format', 'xml'], /--format must be one of json, table/],
    ];
    for (const [argv, message] of cases) {
      const r = io();
      expect(await main(argv, r.cli), argv.join(' ')).toBe(2);
      expect(r.err.join('\n')).toMatch(message);
    }
  });

  it('trapsmith --help lists the commands in table order; no command lists them too, with exit 2', async () => {
    const help = [
      'Usage: trapsmith <command> [options]   (trapsmith <command> --help for each)',
      '',
      'Commands:',
      '  map       print a level as text with its traps, or as data (--format json)',
      '  seeds     find seeds whose levels have a property (--where EXPR)',
      "  odds      a check's exact outcome probabilities",
      "  traps     a ruleset's trap table",
      "  traits    the traits a ruleset's actors may hold (a scenario's player.traits)",
      '  design    a d20 trap designer: CR, price and Craft DC',
      '  sim       Monte Carlo runs of whole games, with 95% intervals',
      '  merge     put together the shard files of one sim run (sim --shard i/n --out FILE)',
      '  compare   rulesets or variants side by side on the same seeds',
      '  sweep     a 1-D or 2-D grid of exact odds',
      "  verify    sample every odds check with the game's own sampler; --in-play: the checks games make",
      '  assert    check the balance assertions',
      '  replay    play a replay file headlessly: its log and final hash',
    ].join('\n');
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const r = io();
      expect(await main(argv, r.cli), argv[0]).toBe(0);
      expect(r.out, argv[0]).toEqual([help]);
    }
    const none = io();
    expect(await main([], none.cli)).toBe(2);
    expect(none.out).toEqual([help]);
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const r = io();
      expect(await main([name], r.cli), name).toBe(2);
      expect(r.err, name).toEqual([`trapsmith: unknown command "${name}" (known: ${[...COMMANDS.keys()].join(', ')})\n${help}`]);
    }
  });

  it('--help on every command', async () => {
    for (const name of ['map', 'odds', 'traps']) {
      const r = io();
      expect(await main([name, '--help'], r.cli)).toBe(0);
      expect(r.out.join('\n')).toMatch(/Usage: trapsmith/);
    }
  });

  it('traps: the table as JSON carries ids, names, glyphs, colours and columns', async () => {
    const r = io();
    expect(await main(['traps', 'test', '--format', 'json'], r.cli)).toBe(0);
    const json = JSON.parse(r.out.join('\n')) as { traps: Array<{ id: string; columns: Record<string, unknown> }> };
    expect(json.traps.map((t) => t.id)).toEqual(['spike', 'alarm', 'dart']);
    expect(json.traps[0]!.columns.difficulty).toBe(7);
  });

  it('an unknown ruleset, in any spelling or with --help, is a message and exit 2, never a stack trace', async () => {
    for (const argv of [['odds', 'nope'], ['odds', 'CDDA'], ['odds', 'nope', '--help'], ['odds', 'nope', 'disarm'], ['traps', 'CDDA']]) {
      const r = io();
      expect(await main(argv, r.cli), argv.join(' ')).toBe(2);
      const err = r.err.join('\n');
      expect(err, argv.join(' ')).toMatch(new RegExp(`^trapsmith ${argv[0]}: unknown ruleset "${argv[1]}" \\(known: .*cdda`));
      expect(err, argv.join(' ')).not.toMatch(/\n\s+at /);
    }
  });

  it('odds -h is help; odds <ruleset> -h and odds <ruleset> list the checks and exit 0', async () => {
    const h = io();
    expect(await main(['odds', '-h'], h.cli)).toBe(0);
    expect(h.out.join('\n')).toMatch(/^Usage: trapsmith odds/);
    for (const argv of [['odds', 'test'], ['odds', 'test', '-h'], ['odds', 'test', '--help']]) {
      const r = io();
      expect(await main(argv, r.cli), argv.join(' ')).toBe(0);
      // The test ruleset's checks (tests/support/testRuleset.ts), in their order.
      expect(r.out.join('\n'), argv.join(' ')).toMatch(/^Checks of test:\n {2}disarm {2}--skill <int> --difficulty <int>\n.*\n {2}step {2}--trap <enum> --hp <int 1\.\.1000> \[--flying\]\n.*\n {2}search {2}\n.*\n {2}spike {2}\n/);
      expect(r.err).toEqual([]);
    }
  });

  it('-h and --help on every command, each exit 0', async () => {
    for (const name of ['map', 'odds', 'traps', 'traits', 'design', 'sim', 'compare', 'sweep', 'verify', 'assert', 'replay']) {
      for (const flag of ['-h', '--help']) {
        const r = io();
        expect(await main([name, flag], r.cli), `${name} ${flag}`).toBe(0);
        expect(r.out.join('\n'), `${name} ${flag}`).toMatch(new RegExp(`trapsmith ${name}`, 'i'));
        expect(r.err, `${name} ${flag}`).toEqual([]);
      }
    }
  });

  it('every command words its errors alike: "trapsmith <command>: ..."', async () => {
    const bad: Array<[string[], RegExp]> = [
      [['map', '--ruleset', 'test', '--seed', '1', '--width', '10'], /--width/],
      [['odds', 'test', 'disarm', '--difficulty', '3'], /needs --skill/],
      [['traps', 'test', '--format', 'xml'], /--format/],
      [['design', 'd20', '--trigger', 'nope', '--reset', 'manual'], /trigger/],
      [['design', 'd20', '--bogus'], /--bogus/],
      [['sim', '--ruleset', 'nope'], /unknown ruleset "nope"/],
      [['compare', '--rulesets', 'test'], /at least two columns/],
      [['sweep', 'test', 'disarm', '--difficulty', '7'], /give one or two --vary/],
      [['verify', '--runs', '1'], /--runs/],
      [['assert', '--format', 'xml'], /--format/],
      [['replay'], /needs a FILE/],
    ];
    for (const [argv, message] of bad) {
      const r = io();
      expect(await main(argv, r.cli), argv.join(' ')).toBe(2);
      const err = r.err.join('\n');
      expect(err, argv.join(' ')).toMatch(new RegExp(`^trapsmith ${argv[0]}: `));
      expect(err, argv.join(' ')).toMatch(message);
    }
  });

  it('a negative number after a space reaches the flag\'s own check; int flags take plain decimal digits only', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['map', '--ruleset', 'test', '--seed', '1', '--depth', '-1'], /^trapsmith map: --depth must be a whole number from 1 to 100, got "-1"$/],
      [['map', '--ruleset', 'test', '--seed', '1', '--width', '0x30'], /^trapsmith map: --width must be a whole number from 40 to 200, got "0x30"$/],
      [['map', '--ruleset', 'test', '--seed', '1', '--width', '4e1'], /^trapsmith map: --width must be a whole number from 40 to 200, got "4e1"$/],
      [['sim', '--ruleset', 'test', '--runs', '-5'], /^trapsmith sim: --runs: -5 is out of range \(1 to 10000000\)$/],
      [['compare', '--rulesets', 'test,cdda', '--depth', '-1'], /^trapsmith compare: --depth: -1 is out of range \(1 to 100\)$/],
      [['replay', 'x.json', '--to-turn', '-3'], /^trapsmith replay: --to-turn must be a whole number from 0 to \d+, got "-3"$/],
    ];
    for (const [argv, message] of cases) {
      const r = io();
      expect(await main(argv, r.cli), argv.join(' ')).toBe(2);
      expect(r.err.join('\n'), argv.join(' ')).toMatch(message);
      expect(r.err.join('\n'), argv.join(' ')).not.toMatch(/ambiguous/);
    }
    // A negative value where one is allowed still reads as a value: 2d6 + (-2) >= 3 needs 5 or more, 30 of 36.
    const ok = io();
    expect(await main(['odds', 'test', 'disarm', '--skill', '-2', '--difficulty', '3'], ok.cli)).toBe(0);
    expect(JSON.parse(ok.out[0]!).outcomes.disarmed.exact).toBe('5/6');
  });

  it('odds --batch -: answer N is for line N, a blank line answered with an error; the final newline starts no line', async () => {
    const good = JSON.stringify({ ruleset: 'test', check: 'disarm', inputs: { skill: 0, difficulty: 12 } });
    const r = io(`${good}\n\n   \n${good}\n`);
    expect(await main(['odds', '--batch', '-'], r.cli)).toBe(0);
    expect(r.out.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ outcomes: expect.objectContaining({ disarmed: { p: 1 / 36, exact: '1/36' } }) }),
      { error: 'empty line' },
      { error: 'empty line' },
      expect.objectContaining({ outcomes: expect.objectContaining({ disarmed: { p: 1 / 36, exact: '1/36' } }) }),
    ]);
  });

  it('odds --batch -: a request past the bounds answers an error line and the next request is still answered', async () => {
    const r = io([JSON.stringify({ ruleset: 'omega', check: 'sleep', inputs: { difficulty: 1_000_000_000 } }), JSON.stringify({ ruleset: 'omega', check: 'teleport', inputs: { difficulty: 7 } })].join('\n'));
    expect(await main(['odds', '--batch', '-'], r.cli)).toBe(0);
    expect(JSON.parse(r.out[0]!)).toEqual({ error: '--difficulty must be from 0 to 100, got 1000000000' });
    // Omega's teleport at D 7: dangerous when random_range(10000) <= 49, 50 in 10,000.
    expect(JSON.parse(r.out[1]!).outcomes.dangerous.exact).toBe('1/200');
    expect(r.out).toHaveLength(2);
  });

  it('an internal error is one short line and exit 1; its stack only with TRAPSMITH_DEBUG', async () => {
    // The real table and two commands that fail, dispatched by the real main.
    const commands: CommandTable = new Map([
      ...COMMANDS,
      ['boom', { summary: 'fails on purpose', load: async () => async () => {
        throw new TypeError('cannot read x of undefined');
      } }],
      ['lost', { summary: 'asks for a ruleset nobody registered', load: async () => async () => {
        throw new UnknownRulesetError('nowhere');
      } }],
    ]);
    const r = io();
    expect(await main(['boom'], r.cli, commands)).toBe(1);
    expect(r.err).toEqual(['trapsmith boom: internal error: cannot read x of undefined (TRAPSMITH_DEBUG=1 shows where)']);
    const lost = io();
    expect(await main(['lost'], lost.cli, commands)).toBe(2);
    expect(lost.err.join('\n')).toMatch(/^trapsmith lost: unknown ruleset "nowhere"/);
    process.env.TRAPSMITH_DEBUG = '1';
    try {
      const d = io();
      expect(await main(['boom'], d.cli, commands)).toBe(1);
      expect(d.err.join('\n')).toMatch(/^trapsmith boom: internal error: TypeError: cannot read x of undefined\n\s+at /);
    } finally {
      delete process.env.TRAPSMITH_DEBUG;
    }
  });
});
