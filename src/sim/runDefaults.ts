/**
 * What a run of games plays when it is not told (`sim`, `compare`, `sim --vary`, `verify --in-play`
 * and the Balance Lab's form): the careful bot from depth 4, one level. Depth 4 because the first depths hide
 * what a trap's numbers do: Cēaptūn's traps grow with danger (depth 4 is danger 12, tier 3) and
 * d20's with CR (depth 4: CR 4), and at depth 1 the careful bot never died to a Cēaptūn trap in
 * 500 games. A spec without a depth or levels of its own still means depth 1, one level (the
 * shipped assertions and older reports say so). README ("The trapsmith command line") states
 * each ruleset's trap-death rate at these defaults.
 */
export const RUN_DEFAULTS = { bot: 'careful', depth: 4, levels: 1 } as const;
