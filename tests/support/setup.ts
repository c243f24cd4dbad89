// Registers the real rulesets and the test ruleset for every unit test file, and turns the write
// guard on: every world a step plays on is handed to the rules as a read-only view, so a write
// anywhere but in Level.apply or Level.edit throws where it happens (src/core/writeGuard.ts).
import '../../src/rulesets/index.ts';
import './testRuleset.ts';
import { setWriteGuard } from '../../src/core/writeGuard.ts';

setWriteGuard(true);
