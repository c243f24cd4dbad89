// Registers the real rulesets and the test ruleset for every unit test file, and turns the write
// guard on: every world a step plays on is handed to the rules as a read-only view, so a write
// anywhere but in Level.apply or Level.edit throws where it happens (src/core/writeGuard.ts).
//
// The unit project runs its files without isolation (vite.config.ts): a worker imports the
// rulesets once and runs file after file on the same modules. What a file registers (its own
// test rulesets, trap files, variants) is dropped when it ends, so every file starts with the
// same registry: the five rulesets and the test ruleset.
import { afterAll } from 'vitest';
import '../../src/rulesets/index.ts';
import './testRuleset.ts';
import { listRulesets, unregisterRuleset } from '../../src/core/registry.ts';
import { setWriteGuard } from '../../src/core/writeGuard.ts';

setWriteGuard(true);

const before = new Set(listRulesets().map((r) => r.id));
afterAll(() => {
  for (const r of listRulesets()) if (!before.has(r.id)) unregisterRuleset(r.id);
  setWriteGuard(true);
});
