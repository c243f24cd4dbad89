/**
 * `npm run fuzz -- --actions 1000000 [--seed S] [--ruleset R] [--style rooms|caves]`: the engine
 * fuzz at any budget (see fuzz.ts for what it checks). Exits 0 when every invariant held, 1 with a
 * reproduction on the first failure, 2 on a usage error.
 * `npm run fuzz -- --repro FILE` plays a printed reproduction again and says whether it still fails.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import '../../src/rulesets/index.ts';
import '../support/testRuleset.ts';
import { listRulesets } from '../../src/core/registry.ts';
import type { MapStyle } from '../../src/core/world.ts';
import type { StepSpec } from './actions.ts';
import { describeFailure, fuzz, type GameSpec, playSpecs, STYLES } from './fuzz.ts';

const USAGE = 'usage: npm run fuzz -- [--actions N] [--seed S] [--ruleset R] [--style rooms|caves] | --repro FILE';

function usage(why: string): never {
  console.error(`fuzz: ${why}\n${USAGE}`);
  process.exit(2);
}

function main(): void {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (e) {
    usage((e as Error).message);
  }
  const v = args.values;
  if (v.help) {
    console.log(USAGE);
    return;
  }
  if (v.repro !== undefined) {
    repro(v.repro);
    return;
  }
  const known = listRulesets().map((r) => r.id);
  if (v.ruleset !== undefined && !known.includes(v.ruleset)) usage(`unknown ruleset ${JSON.stringify(v.ruleset)} (known: ${known.join(', ')})`);
  if (v.style !== undefined && !(STYLES as readonly string[]).includes(v.style)) usage(`unknown style ${JSON.stringify(v.style)} (known: ${STYLES.join(', ')})`);
  const text = v.actions ?? '100000';
  if (!/^[1-9][0-9]*$/.test(text) || !Number.isSafeInteger(Number(text))) usage(`--actions takes a whole number above 0; got ${JSON.stringify(text)}`);
  const actions = Number(text);
  const seed = v.seed ?? 'fuzz';
  const rulesets = v.ruleset !== undefined ? [v.ruleset] : known;
  const styles = v.style !== undefined ? [v.style as MapStyle] : STYLES;
  console.error(`fuzz: ${actions.toLocaleString('en')} actions, seed ${JSON.stringify(seed)}, rulesets ${rulesets.join(', ')}, styles ${styles.join(', ')}`);
  const t0 = performance.now();
  const result = fuzz({
    actions,
    seed,
    rulesets,
    styles,
    progressEvery: Math.max(10_000, Math.round(actions / 20)),
    onProgress: (done, games) => console.error(`  ${done.toLocaleString('en')} actions, ${games} games, ${((performance.now() - t0) / 1000).toFixed(0)} s`),
  });
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  const summary = `${result.actions.toLocaleString('en')} actions in ${result.games} games (${result.malformed.toLocaleString('en')} malformed, ${result.refused.toLocaleString('en')} refused in all, ${result.descents} levels descended, ${result.ended} games ended) in ${s} s; slowest step ${result.slowest.ms.toFixed(1)} ms (${result.slowest.ruleset}, game ${result.slowest.game}, action ${result.slowest.actionIndex})`;
  if (result.ok) {
    console.log(`fuzz: ok: ${summary}`);
    return;
  }
  console.log(describeFailure(result.failure!));
  console.log(`fuzz: failed after ${summary}`);
  process.exitCode = 1;
}

function parse() {
  return parseArgs({
    options: {
      actions: { type: 'string' },
      seed: { type: 'string' },
      ruleset: { type: 'string' },
      style: { type: 'string' },
      repro: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
}

function repro(path: string): void {
  let data: { game: GameSpec; actions: StepSpec[] };
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as typeof data;
  } catch (e) {
    usage(`cannot read the reproduction ${path}: ${(e as Error).message}`);
  }
  const failed = playSpecs(data.game, data.actions);
  if (!failed) {
    console.log(`fuzz: the reproduction plays ${data.actions.length} actions with no failure`);
    return;
  }
  console.log(`fuzz: still fails at action index ${failed.index}: ${failed.problem}`);
  process.exitCode = 1;
}

main();
