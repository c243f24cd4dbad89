/**
 * `--scenario FILE` on compare and assert: every column (every simulated assertion of the
 * scenario's ruleset) plays the hand-made first level; a column or an assertion of another
 * ruleset, or a flag the scenario brings itself, is refused naming what is wrong.
 */
import { describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import { assertCommand } from '../../src/cli/commands/assert.ts';
import { compareCommand } from '../../src/cli/commands/compare.ts';
import { run, tempFile } from '../sim/cliHarness.ts';

const HALL = 'examples/scenarios/fireball-hall.json';
const PITS = 'examples/scenarios/pit-corridor.json';

describe('compare --scenario', () => {
  it('plays every column on the level: only its traps are met; the same rules differ by nothing; 1 and 2 workers agree', async () => {
    const same = tempFile('same.json', { name: 'same', ruleset: 'ceaptun' });
    const argv = ['--scenario', HALL, '--variants', same, '--runs', '20', '--bot', 'reckless', '--format', 'json', '--quiet'];
    const one = await run(compareCommand, argv);
    expect(one.code, one.err).toBe(0);
    const j = JSON.parse(one.out);
    expect(j.columns.map((c: { id: string; scenario: string }) => [c.id, c.scenario])).toEqual([
      ['ceaptun', 'Three fireballs in one hall'],
      ['ceaptun~same', 'Three fireballs in one hall'],
    ]);
    // The hall's kinds only (fireball, frost): the scenario's level, not the seeds' generated ones.
    for (const c of j.columns) for (const k of c.kinds) expect(['fireball', 'frost']).toContain(k.kind);
    expect(j.columns[1].run).toEqual(j.columns[0].run);
    for (const k of ['survivalRate', 'trapDeathRate', 'turns', 'trapDamage']) expect(j.differences[0].run[k].diff).toBe(0);
    const two = await run(compareCommand, [...argv, '--workers', '2']);
    expect(two.code, two.err).toBe(0);
    expect(two.out).toBe(one.out);
  });

  it('a variant that changes a trap of the level changes its column', async () => {
    const softFile = tempFile('soft.json', { name: 'soft', ruleset: 'ceaptun', traps: { fireball: { difficulty: 0 } } });
    const r = await run(compareCommand, ['--scenario', HALL, '--variants', softFile, '--runs', '20', '--bot', 'careful', '--format', 'json', '--quiet']);
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.columns.map((c: { id: string }) => c.id)).toEqual(['ceaptun', 'ceaptun~soft']);
    expect(j.columns[0].scenario).toBe('Three fireballs in one hall');
    // Difficulty 0: a search's 2d12 + modifiers against it finds it (RULES.md, Cēaptūn, Finding
    // traps); the careful hero searches, so it finds more of the hall's fireballs first and sets
    // off fewer: the column changes where the trap did, on the same level and seeds.
    const fireball = (c: { kinds: Array<{ kind: string; counts: { encounters: number; foundFirst: number; triggeredByPlayer: number } }> }) => c.kinds.find((k) => k.kind === 'fireball')!.counts;
    const [hard, soft] = [fireball(j.columns[0]), fireball(j.columns[1])];
    expect(soft.foundFirst / soft.encounters).toBeGreaterThan(hard.foundFirst / hard.encounters);
    expect(soft.triggeredByPlayer).toBeLessThan(hard.triggeredByPlayer);
  });

  it('refuses a column of another ruleset, a flag the scenario brings, and a lone column', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--scenario', PITS, '--rulesets', 'ceaptun,d20'], /--scenario examples\/scenarios\/pit-corridor\.json: it is a level for ceaptun, so every column is of ceaptun \(its variants\), not d20/],
      [['--scenario', PITS, '--rulesets', 'ceaptun', '--width', '50'], /--width: a scenario brings its own \(its map\)/],
      [['--scenario', PITS, '--traps', 'examples/traps/net.json'], /--traps: a scenario brings its own \(its trapFile\)/],
      [['--scenario', PITS], /compare needs at least two columns/],
      [['--scenario', tempFile('bad.json', '{"format": "trapsmith-scenario", "version": 9}')], /bad\.json: .*version/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(compareCommand, [...argv, '--runs', '2', '--quiet']);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});

describe('assert --scenario', () => {
  it('checks its ruleset’s assertions, the simulated ones played on the level, and says so', async () => {
    const file = tempFile('hall.assert.json', {
      assertions: [
        // The hall's only way to the stairs is through it: a reckless hero meets a fireball in some game.
        { id: 'hall/met', ruleset: 'ceaptun', says: 'The hall’s fireballs are met.', sim: { bot: 'reckless', runs: 20, metric: 'stepTrigger', trap: 'fireball', expect: { gt: 0 } } },
        // No pit on this level: nothing to count, so it cannot be checked (not a pass).
        { id: 'hall/no-pits', ruleset: 'ceaptun', says: 'A pit is set off.', sim: { bot: 'reckless', runs: 20, metric: 'stepTrigger', trap: 'pit', expect: { gt: 0 } } },
        { id: 'other/d20', ruleset: 'd20', says: 'Not this level’s.', sim: { bot: 'reckless', runs: 5, metric: 'survival', expect: { ge: 0 } } },
      ],
    });
    const r = await run(assertCommand, ['--file', file, '--scenario', HALL, '--format', 'json', '--quiet']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out);
    expect(j.results.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([
      ['hall/met', 'pass'],
      ['hall/no-pits', 'error'],
    ]);
    expect(j.results[0].message).toMatch(/scenario "Three fireballs in one hall"/);
    // The same file on generated levels meets pits (Cēaptūn's generated levels have them).
    const generated = await run(assertCommand, ['--file', file, '--ruleset', 'ceaptun', '--runs', '60', '--format', 'json', '--quiet']);
    expect(JSON.parse(generated.out).results.map((x: { message: string }) => x.message).join(' ')).not.toMatch(/scenario/);
    const other = await run(assertCommand, ['--file', file, '--scenario', HALL, '--ruleset', 'd20']);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/it is a level for ceaptun, not d20/);
  });
});
