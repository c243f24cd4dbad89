/**
 * RULES.md's ceaptun disarm rule, enumerated over the 144 rolls of 2d12 with plain loops: the
 * independent numbers the ruleset's checks, the lab's sweeps and the browser tests compare with.
 * 2d12 + modifier vs difficulty D: a natural 24 disarms; a natural 2 fails, and sets the trap off
 * only if the total is <= D - 5; otherwise total >= D disarms, total <= D - 5 sets it off, and
 * anything between fails safely.
 */
export function bruteDisarm(difficulty: number, modifier: number): Record<'disarmed' | 'failed' | 'set_off', number> {
  const count = { disarmed: 0, failed: 0, set_off: 0 };
  for (let a = 1; a <= 12; a++)
    for (let b = 1; b <= 12; b++) {
      const natural = a + b;
      const total = natural + modifier;
      if (natural === 24) count.disarmed++;
      else if (natural === 2) count[total <= difficulty - 5 ? 'set_off' : 'failed']++;
      else if (total >= difficulty) count.disarmed++;
      else if (total <= difficulty - 5) count.set_off++;
      else count.failed++;
    }
  return { disarmed: count.disarmed / 144, failed: count.failed / 144, set_off: count.set_off / 144 };
}
