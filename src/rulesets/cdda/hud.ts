/** The HUD lines of the cdda ruleset: HP per body part, stats, the Traps skill, and conditions. */
import { capitalise, hpText } from '../../core/words.ts';
import type { Actor, World } from '../../core/world.ts';
import { HOLDS, stat } from './actors.ts';
import { HP_PARTS, PART_NAME } from './body.ts';
import { exercisePercent } from './skill.ts';

/** The statuses the Condition line says in words (the HUD's own status list leaves them out). */
export const CONDITION_STATUSES: readonly string[] = [...HOLDS.map(([key]) => key), 'in_pit', 'slimed', 'blind', 'deaf', 'asleep'];

export function conditions(a: Actor): string[] {
  const out: string[] = [];
  for (const [key, what] of HOLDS) if ((a.status[key] ?? 0) > 0) out.push(`caught in a ${what}`);
  if ((a.status.in_pit ?? 0) > 0) out.push('in a pit');
  for (const key of ['slimed', 'blind', 'deaf'] as const) if ((a.status[key] ?? 0) > 0) out.push(`${key} (${a.status[key]})`);
  if (stat(a, 'radiation') > 0) out.push(`radiation ${stat(a, 'radiation')}`);
  if ((a.status.asleep ?? 0) > 0) out.push('asleep');
  return out;
}

export function hud(_world: World, a: Actor): Array<{ label: string; value: string }> {
  const lines: Array<{ label: string; value: string }> = [];
  for (const p of HP_PARTS) {
    const part = a.parts?.[p];
    if (part) lines.push({ label: capitalise(PART_NAME[p]), value: hpText(part.hp, part.max) });
  }
  lines.push({ label: 'Str Dex Int Per', value: `${stat(a, 'str', 8)} ${stat(a, 'dex', 8)} ${stat(a, 'int', 8)} ${stat(a, 'per', 8)}` });
  lines.push({ label: 'Traps', value: `${stat(a, 'traps')} (${exercisePercent(a)}%)` });
  lines.push({ label: 'Dodge', value: String(stat(a, 'dodge')) });
  lines.push({ label: 'Focus', value: String(stat(a, 'focus', 50)) });
  lines.push({ label: 'Moves/turn', value: String(a.speed) });
  const c = conditions(a);
  lines.push({ label: 'Condition', value: !a.alive ? 'dead' : c.length > 0 ? c.join(', ') : 'fine' });
  return lines;
}
