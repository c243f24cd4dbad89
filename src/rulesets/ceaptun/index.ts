// PLACEHOLDER until the ceaptun ruleset lands: the test ruleset's behaviour under this id.
import { testRuleset } from '../../../tests/support/testRuleset.ts';
import type { Ruleset } from '../../core/ruleset.ts';

export const ruleset: Ruleset = { ...testRuleset, id: 'ceaptun', name: 'ceaptun (placeholder)' };
