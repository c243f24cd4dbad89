/**
 * Every reading, written out: for comparing a refactor side by side with a checkout of main
 * (run it in both, `diff` the outputs). "Play changes only on purpose" needs more than the golden
 * games: a change of a reading's program must show, fraction for fraction.
 *
 *   npx tsx bench/readingsDigest.ts [--rulesets cdda,d20] [--out FILE]
 *
 * It writes, per ruleset:
 *   - live readings: on generated levels (12 seeds x depths 1-3, rooms), for every trap, the
 *     hero (as the level made it, at full, 3 and 1 hit points) stepping onto it, disarming it and
 *     looking for it: `stepOdds`, `stepStatuses`, `stepLeavesOut`, `stepUnread`, `disarmOdds`,
 *     `spotOdds`, exact fractions;
 *   - a grid of every check: each value of its enum inputs (every trap), each numeric input
 *     moved to its default, min-ish and a few steps either side, one at a time (`runOdds`);
 * and a last line per ruleset with an FNV-1a hash of its part, so two runs compare at a glance.
 * Nothing here is timed: it is a record, not a benchmark.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import '../src/rulesets/index.ts';
import { newGame } from '../src/core/engine.ts';
import { getRuleset } from '../src/core/registry.ts';
import { disarmOdds, spotOdds, stepLeavesOut, stepOdds, stepStatuses, stepUnread } from '../src/core/stepOdds.ts';
import type { CheckInputs, OddsCheck, ParamSpec } from '../src/core/ruleset.ts';
import type { Actor, World } from '../src/core/world.ts';
import { RULESET_IDS } from '../src/rulesets/manifest.ts';
import { runOdds } from '../src/sim/odds.ts';

const { values } = parseArgs({ options: { rulesets: { type: 'string' }, out: { type: 'string' } } });
const rulesets = values.rulesets ? values.rulesets.split(',') : [...RULESET_IDS];

function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function hero(world: World): Actor {
  return world.actors.find((a) => a.id === world.playerId)!;
}

/** A reading as text: whatever it is, JSON with its keys in order. */
function text(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'bigint' ? String(x) : x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );
}

function liveReadings(ruleset: string, out: string[]): void {
  for (let seed = 1; seed <= 12; seed++) {
    for (let depth = 1; depth <= 3; depth++) {
      const world = newGame({ seed: `digest-${seed}`, ruleset, depth, style: 'rooms' });
      const me = hero(world);
      for (const hp of [me.hp, 3, 1]) {
        const actor: Actor = { ...me, hp };
        for (const trap of world.traps) {
          const at = `${ruleset} s${seed} d${depth} hp${hp} trap${trap.id} ${trap.kind}`;
          out.push(`${at} step ${text(stepOdds(world, actor, trap))} ${text(stepStatuses(world, actor, trap))} ${text(stepLeavesOut(world, actor, trap))} ${text(stepUnread(world, actor, trap))}`);
          out.push(`${at} disarm ${text(disarmOdds(world, actor, trap))}`);
          out.push(`${at} spot ${text(spotOdds(world, actor, trap))}`);
        }
      }
    }
  }
}

/** The values a numeric input is read at, one at a time: its default and a spread around it. */
function spread(p: ParamSpec): number[] {
  const base = typeof p.default === 'number' ? p.default : (p.min ?? 1);
  const raw = [base, base - 3, base - 1, base + 1, base + 3, base + 8, p.min ?? base, 1, 2, 5, 12, 30];
  return [...new Set(raw.filter((v) => (p.min === undefined || v >= p.min) && (p.max === undefined || v <= p.max) && (p.type === 'number' || Number.isInteger(v))))];
}

function gridReadings(ruleset: string, out: string[]): void {
  const checks: Readonly<Record<string, OddsCheck>> = getRuleset(ruleset).checks;
  for (const [name, check] of Object.entries(checks)) {
    const enums = check.params.filter((p) => p.type === 'enum' && p.values);
    const numbers = check.params.filter((p) => p.type === 'int' || p.type === 'number');
    const bools = check.params.filter((p) => p.type === 'boolean');
    // Every combination of enum values (traps, kinds) with the required numbers at their spread's first.
    let bases: CheckInputs[] = [{}];
    for (const e of enums) bases = bases.flatMap((b) => e.values!.map((v) => ({ ...b, [e.name]: v })));
    const required = numbers.filter((p) => p.required);
    for (const base of bases) {
      const seedInputs: CheckInputs = { ...base };
      for (const p of required) seedInputs[p.name] = spread(p)[0]!;
      const variants: CheckInputs[] = [seedInputs];
      for (const p of numbers) for (const v of spread(p)) variants.push({ ...seedInputs, [p.name]: v });
      for (const b of bools) variants.push({ ...seedInputs, [b.name]: true });
      for (const inputs of variants) {
        let result: string;
        try {
          const r = runOdds(ruleset, name, inputs);
          result = text({ outcomes: r.outcomes, statuses: r.statuses, leavesOut: r.leavesOut, mean: r.mean });
        } catch (e) {
          result = `refused: ${(e as Error).message}`;
        }
        out.push(`${ruleset} ${name} ${text(inputs)} ${result}`);
      }
    }
  }
}

const all: string[] = [];
for (const ruleset of rulesets) {
  const part: string[] = [];
  liveReadings(ruleset, part);
  gridReadings(ruleset, part);
  all.push(...part, `# ${ruleset}: ${part.length} readings, fnv ${fnv(part.join('\n'))}`);
  console.log(`${ruleset}: ${part.length} readings, fnv ${fnv(part.join('\n'))}`);
}
if (values.out) writeFileSync(values.out, `${all.join('\n')}\n`);
