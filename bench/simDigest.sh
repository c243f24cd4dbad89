#!/usr/bin/env bash
# The whole-game side of a side-by-side comparison (bench/readingsDigest.ts is the readings'):
# for each ruleset and bot, 200 games from seed 7 at depth 2 and depth 4, the JSON report's md5.
# Run it in two checkouts and compare the lines. Usage: bash bench/simDigest.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-200}"
# The CLI runs from its bundle: build it from this checkout first.
node src/cli/bundle.mjs >/dev/null
for r in cdda ceaptun d20 omega wasteland; do
  for bot in careful reckless; do
    for depth in 2 4; do
      sum=$(node src/cli/trapsmith.mjs sim --ruleset "$r" --bot "$bot" --runs "$runs" --depth "$depth" --seed-start 7 --format json --quiet | md5sum | cut -c1-12)
      echo "$r $bot depth $depth: $sum"
    done
  done
done
