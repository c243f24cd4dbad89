/**
 * One ruleset's headless-turn figures in a process of its own, for bench/core.ts:
 * `tsx bench/turnsProcess.ts RULESET rooms|caves` prints the steady-state figures as JSON.
 */
import '../src/rulesets/index.ts';
import '../tests/support/testRuleset.ts';
import type { MapStyle } from '../src/core/world.ts';
import { steadyTurns } from './core.ts';

const [ruleset = 'test', style = 'rooms'] = process.argv.slice(2);
process.stdout.write(`${JSON.stringify(steadyTurns(ruleset, style as MapStyle))}\n`);
