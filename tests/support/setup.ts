// Registers the real rulesets and the test ruleset for every unit test file.
import '../../src/rulesets/index.ts';
import './testRuleset.ts';
