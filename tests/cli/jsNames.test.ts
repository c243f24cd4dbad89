/**
 * Names that are JavaScript's own (every property of Object.prototype: `constructor`, `__proto__`,
 * `toString`, `hasOwnProperty`, `valueOf`, ...) fed to every place a user names something. Each
 * is refused by name — exit 2 on the command line, a clear refusal in a file, an assertion that
 * does not hold — never an internal error (exit 1), a silent acceptance or a pass on NaN.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/rulesets/index.ts';
import type { CliIO } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { AssertionFileError, evaluateAssertions, parseAssertions } from '../../src/sim/assertions.ts';
import { parseVariant, VariantError } from '../../src/sim/variants.ts';
import { parseGameUrl } from '../../src/ui/url.ts';
import { RULESETS } from '../../src/rulesets/index.ts';
import { validateReplay } from '../../src/share/format.ts';
import { headerOf } from '../../src/share/format.ts';
import { newGame } from '../../src/core/engine.ts';

/** The whole class: every name a plain object inherits. */
const JS_NAMES = Object.getOwnPropertyNames(Object.prototype);

async function cli(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), stdin: async () => stdin };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let dir: string;
let fileNo = 0;
/** A file holding `text` as it is (JSON built as text: an object literal cannot hold "__proto__" as data). */
function file(text: string): string {
  const p = join(dir, `f${fileNo++}.json`);
  writeFileSync(p, text);
  return p;
}
const key = (n: string) => JSON.stringify(n);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trapsmith-jsnames-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every place the command line takes a name, as argv (and stdin) for one name. */
const COMMAND_LINE: Array<{ place: string; argv: (n: string) => string[] }> = [
  { place: 'a command', argv: (n) => [n] },
  { place: 'a ruleset (odds)', argv: (n) => ['odds', n] },
  { place: 'a ruleset (traps)', argv: (n) => ['traps', n] },
  { place: 'a ruleset (map)', argv: (n) => ['map', '--ruleset', n, '--seed', '1'] },
  { place: 'a ruleset (sim)', argv: (n) => ['sim', '--ruleset', n, '--runs', '1'] },
  { place: 'a ruleset (compare)', argv: (n) => ['compare', '--rulesets', `cdda,${n}`, '--runs', '1'] },
  { place: 'a ruleset (sweep)', argv: (n) => ['sweep', n, 'disarm', '--vary', 'difficulty=1..2'] },
  { place: 'a ruleset (verify)', argv: (n) => ['verify', '--ruleset', n] },
  { place: 'a ruleset (assert)', argv: (n) => ['assert', '--ruleset', n] },
  { place: 'a ruleset (design)', argv: (n) => ['design', n] },
  { place: 'a check (odds)', argv: (n) => ['odds', 'cdda', n] },
  { place: 'a check (sweep)', argv: (n) => ['sweep', 'ceaptun', n, '--vary', 'difficulty=10..12'] },
  { place: "a check's input (odds)", argv: (n) => ['odds', 'ceaptun', 'disarm', '--difficulty', '12', `--${n}`, '1'] },
  { place: "a check's input (sweep --vary)", argv: (n) => ['sweep', 'ceaptun', 'disarm', '--modifier', '2', '--vary', `${n}=1..2`] },
  { place: 'an outcome (sweep --outcome)', argv: (n) => ['sweep', 'ceaptun', 'disarm', '--modifier', '2', '--vary', 'difficulty=10..11', '--outcome', n] },
  { place: 'a flag (sim)', argv: (n) => ['sim', '--ruleset', 'cdda', `--${n}`, '1'] },
  { place: 'a flag (map)', argv: (n) => ['map', '--ruleset', 'cdda', '--seed', '1', `--${n}`, '1'] },
  { place: 'a flag (design)', argv: (n) => ['design', 'd20', `--${n}`, '1'] },
  { place: 'a setting (--set)', argv: (n) => ['sim', '--ruleset', 'cdda', '--runs', '1', '--set', `${n}=1`] },
  { place: 'a bot (--bot)', argv: (n) => ['sim', '--ruleset', 'cdda', '--runs', '1', '--bot', n] },
  { place: 'a format (--format)', argv: (n) => ['sim', '--ruleset', 'cdda', '--runs', '1', '--format', n] },
  { place: 'a map style (--style)', argv: (n) => ['map', '--ruleset', 'cdda', '--seed', '1', '--style', n] },
  { place: "a variant's ruleset", argv: (n) => ['sim', '--ruleset', 'cdda', '--runs', '1', '--variant', file(`{"name":"v","ruleset":${key(n)}}`)] },
  { place: "a variant's setting", argv: (n) => ['sim', '--ruleset', 'cdda', '--runs', '1', '--variant', file(`{"name":"v","ruleset":"cdda","settings":{${key(n)}:1}}`)] },
  { place: "a variant's trap", argv: (n) => ['sim', '--ruleset', 'cdda', '--runs', '1', '--variant', file(`{"name":"v","ruleset":"cdda","traps":{${key(n)}:{"difficulty":3}}}`)] },
  { place: "a variant trap's column", argv: (n) => ['traps', 'ceaptun', '--variant', file(`{"name":"v","ruleset":"ceaptun","traps":{"fireball":{${key(n)}:3}}}`)] },
  { place: "verify --inputs' check", argv: (n) => ['verify', '--runs', '100', '--inputs', file(`{"cdda/${n}":[{}]}`)] },
  { place: "verify --inputs' input", argv: (n) => ['verify', '--runs', '100', '--inputs', file(`{"ceaptun/disarm":[{"difficulty":12,${key(n)}:1}]}`)] },
  { place: "a replay's setting", argv: (n) => ['replay', file(replayWithSetting(n))] },
];

/** A valid replay file's text (no actions) with one more setting named `n`. */
function replayWithSetting(n: string): string {
  const world = newGame({ seed: 'js', ruleset: 'cdda', width: 40, height: 25 });
  const text = JSON.stringify({ format: 'trapsmith-replay', ...headerOf(world), actions: [] });
  return text.replace('"settings":{', `"settings":{${key(n)}:1,`);
}

describe("JavaScript's own names are refused by name, wherever a user names something", () => {
  it('the replay file the test builds is valid without the extra name', () => {
    const world = newGame({ seed: 'js', ruleset: 'cdda', width: 40, height: 25 });
    expect(validateReplay(JSON.parse(JSON.stringify({ format: 'trapsmith-replay', ...headerOf(world), actions: [] }))).ok).toBe(true);
  });

  it.each(COMMAND_LINE)('on the command line: $place exits 2 naming it', async ({ argv }) => {
    for (const n of JS_NAMES) {
      const r = await cli(argv(n));
      expect(r.code, `${argv(n).join(' ')}\n${r.err}`).toBe(2);
      expect(r.err, argv(n).join(' ')).toContain(n);
      expect(r.err).not.toMatch(/internal error/);
      expect(r.out).toBe('');
    }
  });

  it('batch lines (odds --batch, design --batch) answer each such name with an error naming it', async () => {
    for (const n of JS_NAMES) {
      const lines = [
        `{"ruleset":${key(n)},"check":"disarm"}`,
        `{"ruleset":"cdda","check":${key(n)}}`,
        `{"ruleset":"ceaptun","check":"disarm","inputs":{"difficulty":12,${key(n)}:1}}`,
      ];
      const odds = await cli(['odds', '--batch', '-'], `${lines.join('\n')}\n`);
      expect(odds.code).toBe(0);
      const answers = odds.out.split('\n').map((l) => JSON.parse(l) as { error?: string });
      expect(answers).toHaveLength(3);
      for (const a of answers) expect(a.error, n).toContain(n);
      const design = await cli(['design', 'd20', '--batch', '-'], `{"trigger":"location","reset":"manual",${key(n)}:1}\n{"inputs":{${key(n)}:true}}\n`);
      const designed = design.out.split('\n').map((l) => JSON.parse(l) as { error?: string });
      for (const a of designed) expect(a.error, n).toMatch(new RegExp(`unknown input "${n}" \\(known: magic, trigger`));
    }
  });

  it('a variant file names the field and the known ones', () => {
    for (const n of JS_NAMES) {
      const refuse = (text: string, message: RegExp) => {
        expect(() => parseVariant(text, 'v.json'), text).toThrow(VariantError);
        expect(() => parseVariant(text, 'v.json'), text).toThrow(message);
      };
      const k = key(n);
      const own = n === '__proto__' ? /"__proto__" cannot be a name here/ : null;
      refuse(`{"name":"v","ruleset":"cdda","settings":{${k}:1}}`, own ?? new RegExp(`settings\\.${n}: no such setting for ruleset cdda \\(settings: lightRadius`));
      refuse(`{"name":"v","ruleset":"cdda","traps":{${k}:{"difficulty":3}}}`, own ?? new RegExp(`traps\\.${n}: no such trap in cdda \\(traps: `));
      refuse(`{"name":"v","ruleset":"ceaptun","traps":{"fireball":{${k}:3}}}`, own ?? new RegExp(`traps\\.fireball\\.${n}: no such column \\(columns: `));
      refuse(`{"name":"v","ruleset":${k}}`, new RegExp(`ruleset: unknown ruleset "${n}"`));
    }
  });

  it("a link's setting (s.<name>) is named as unknown and not kept", () => {
    for (const n of JS_NAMES) {
      const parsed = parseGameUrl(`?seed=a&ruleset=cdda&s.${encodeURIComponent(n)}=1`, RULESETS);
      expect(parsed.errors.join(' ')).toContain(`Unknown setting "${n}" for Cataclysm: DDA`);
      expect(Object.hasOwn(parsed.options.settings, n)).toBe(false);
    }
  });

  it('an assertion naming one (check, measure, input, forEach, ruleset, trap, setting, bot) never holds', async () => {
    for (const n of JS_NAMES) {
      const k = key(n);
      const exact = (e: string) => `{"id":"x","ruleset":"ceaptun","says":"s","exact":{${e},"expect":{"ge":0}}}`;
      const texts = [
        exact(`"check":${k},"inputs":{"difficulty":12,"modifier":2},"measure":"P(set_off)"`),
        exact(`"check":"disarm","inputs":{"difficulty":12,"modifier":2},"measure":"P(${n})"`),
        exact(`"check":"disarm","inputs":{"difficulty":12,"modifier":2,${k}:1},"measure":"P(set_off)"`),
        exact(`"check":"disarm","inputs":{"modifier":2},"forEach":{${k}:[1,2]},"measure":"P(set_off)"`),
        `{"id":"x","ruleset":${k},"says":"s","exact":{"check":"disarm","inputs":{"difficulty":12,"modifier":2},"measure":"P(set_off)","expect":{"ge":0}}}`,
        `{"id":"x","ruleset":"ceaptun","says":"s","sim":{"runs":1,"metric":"encounters","trap":${k},"expect":{"ge":0}}}`,
        `{"id":"x","ruleset":"ceaptun","says":"s","sim":{"runs":1,"metric":"survival","settings":{${k}:1},"expect":{"ge":0}}}`,
        `{"id":"x","ruleset":"ceaptun","says":"s","sim":{"runs":1,"metric":"survival","bot":${k},"expect":{"ge":0}}}`,
      ];
      for (const t of texts) {
        const text = `{"assertions":[${t}]}`;
        let parsed: ReturnType<typeof parseAssertions>;
        try {
          parsed = parseAssertions(text, 'a.json');
        } catch (e) {
          // Refused while reading, by name.
          expect(e, text).toBeInstanceOf(AssertionFileError);
          expect((e as Error).message, text).toContain(n);
          continue;
        }
        const [result] = await evaluateAssertions(parsed);
        expect(result!.status, `${text}\n${result!.message}`).not.toBe('pass');
        expect(result!.message, text).toContain(n);
      }
    }
  });

  it('through the real executable too: a command and a check exit 2 naming the known ones', () => {
    const bin = new URL('../../src/cli/trapsmith.mjs', import.meta.url).pathname;
    const command = spawnSync(process.execPath, [bin, 'constructor'], { encoding: 'utf8' });
    expect(command.status).toBe(2);
    expect(command.stderr).toMatch(/^trapsmith: unknown command "constructor" \(known: map, seeds, odds, traps, traits, design, sim, merge, compare, sweep, verify, assert, replay\)/);
    const check = spawnSync(process.execPath, [bin, 'odds', 'cdda', 'toString'], { encoding: 'utf8' });
    expect(check.status).toBe(2);
    expect(check.stderr).toBe('trapsmith odds: unknown check "toString" for ruleset cdda (known: detect, avoid, monster-avoid, disarm, teleport, step)\n');
  });
});
