/** Registers the five rulesets with the core's registry. Import this once at an entry point. */
import { registerRuleset } from '../core/registry.ts';
import { ruleset as ceaptun } from './ceaptun/index.ts';
import { ruleset as cdda } from './cdda/index.ts';
import { ruleset as omega } from './omega/index.ts';
import { ruleset as d20 } from './d20/index.ts';
import { ruleset as wasteland } from './wasteland/index.ts';

export const RULESETS = [cdda, omega, ceaptun, d20, wasteland];
for (const r of RULESETS) registerRuleset(r);
