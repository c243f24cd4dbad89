/**
 * Odds of a known trap for the current character, for the game's hover: spotting it, stepping
 * onto it (or opening its door or chest: avoided, unhurt, hurt, killed, and the statuses it
 * leaves) and disarming it, each read exactly from the ruleset's checks (core/stepOdds.ts), the
 * programs play samples. Where a ruleset has no reading of a question here, the line says so and
 * why; nothing is sampled. The game page wires it in one call:
 *
 *   attachTrapOdds(canvasElement, () => currentWorld, (ev) => cellUnderPointer(ev));
 */
import { capitalise } from '../../core/words.ts';
import { refusal } from '../../core/engine.ts';
import { getRuleset, trapNameIn } from '../../core/registry.ts';
import type { Actor, Trap, World } from '../../core/world.ts';
import { placeTip } from '../tipPlace.ts';
import { player } from '../../core/level.ts';
import { chanceText, disarmOdds, disarmOddsText, spotOdds, statusesText, stepLeavesOut, stepOdds, stepStatuses, stepUnread } from '../../core/stepOdds.ts';

/** Why the game would refuse `actor` disarming `trap` from where it stands, as the game says it; null if it would take the attempt. */
function disarmRefusal(world: World, actor: Actor, trap: Trap): string | null {
  const dx = trap.x - actor.x;
  const dy = trap.y - actor.y;
  if (Math.abs(dx) > 1 || Math.abs(dy) > 1) return 'You are too far away from it.';
  return refusal(world, actor, { type: 'disarm', dx, dy }, getRuleset(world.ruleset));
}

/** What the disarm prompt and the hover say of disarming `trap`: its odds, or one sentence why there are none. */
export function disarmPromptOdds(world: World, actor: Actor, trap: Trap): string {
  const disarm = disarmOdds(world, actor, trap);
  if (disarm) return `${disarmOddsText(disarm)}.`;
  const refused = disarmRefusal(world, actor, trap);
  return refused ? `not possible. ${refused}` : `no exact reading here: ${getRuleset(world.ruleset).name} reads no odds of this attempt.`;
}

/** The odds as lines of text (empty when there is no trap there that the player knows of). */
export function trapOddsLines(world: World, x: number, y: number): string[] {
  const trap = world.traps.find((t) => t.x === x && t.y === y && t.knownBy.includes(world.playerId));
  if (!trap) return [];
  const hero = player(world);
  const lines = [`${capitalise(trapNameIn(getRuleset(world.ruleset), trap))} — odds for you, read exactly from the rules`];
  const spot = spotOdds(world, hero, trap);
  // A way of looking the ruleset does not have never finds it: 0%.
  const c = (o: NonNullable<typeof spot>['search']) => (o ? chanceText(o) : '0%');
  lines.push(spot ? `Spotting: ${c(spot.search)} per search beside it, ${c(spot.passing)} in passing` : 'Spotting: no exact reading here');
  const doing = trap.host.kind === 'floor' ? 'Stepping on it' : 'Opening it';
  const step = stepOdds(world, hero, trap);
  if (step) {
    const o = (k: string) => (step[k] ? chanceText(step[k]) : '0%');
    // Where the body's parts decide death (cdda's head and torso), an HP total would mislead.
    const from = hero.parts ? '' : ` (from your ${Math.max(0, hero.hp)} HP)`;
    // d20's dying rules: down (0 or fewer and living, alone), beside killed (at once or bleeding out alone).
    const down = step.down && step.down.p > 0 ? `, down and living ${o('down')}` : '';
    lines.push(`${doing}${from}: avoided ${o('avoided')}, unhurt ${o('unhurt')}, hurt ${o('hurt')}${down}, killed ${o('death')}`);
    const statuses = stepStatuses(world, hero, trap);
    if (statuses && Object.keys(statuses).length > 0) lines.push(`Leaves you, alive: ${statusesText(statuses)}`);
    const left = stepLeavesOut(world, hero, trap);
    if (left.length > 0) lines.push(`Not counted: ${left.join('; ')}`);
  } else if (!trap.armed) lines.push(`${doing}: sets it off 0% (it is sprung)`);
  else lines.push(`${doing}: no exact reading here: ${stepUnread(world, hero, trap) ?? 'none'}`);
  const disarm = disarmPromptOdds(world, hero, trap);
  // The odds as a line of their own, without the prompt's full stop; a reason is a sentence.
  lines.push(`Disarming: ${disarmOdds(world, hero, trap) ? disarm.replace(/\.$/, '') : disarm}`);
  return lines;
}

/** Where the pointer is, in the page (a PointerEvent is one). */
export interface PointerSpot {
  clientX: number;
  clientY: number;
}

/** The tooltip's handle: `refresh` after the world changed (a turn), `detach` to remove it all. */
export interface TrapOddsTip {
  refresh(): void;
  detach(): void;
}

/**
 * Shows the odds in a tooltip while the pointer rests on a known trap. `cellAt` maps a pointer
 * position to a map cell (or null). `at`: where the pointer already is when the tooltip is
 * attached (it was loaded on the pointer's arrival), so the first look needs no further move.
 */
export function attachTrapOdds(target: HTMLElement, world: () => World | null, cellAt: (at: PointerSpot) => [number, number] | null, at?: PointerSpot): TrapOddsTip {
  const tip = document.createElement('div');
  tip.className = 'trap-odds-tooltip';
  Object.assign(tip.style, { position: 'fixed', pointerEvents: 'none', background: '#111e', color: '#eee', border: '1px solid #555', padding: '4px 6px', font: '12px/1.35 system-ui, sans-serif', whiteSpace: 'pre-wrap', zIndex: '50', display: 'none' });
  document.body.append(tip);
  let key = '';
  let lines: string[] = [];
  // The pointer's last place over the map, null once it left: a turn played from the keyboard
  // (the trap disarmed, sprung, or the player moved) changes the odds under a pointer at rest.
  let last: PointerSpot | null = at ?? null;
  const move = (ev: PointerSpot) => {
    last = { clientX: ev.clientX, clientY: ev.clientY };
    const w = world();
    const cell = w ? cellAt(ev) : null;
    if (!w || !cell) {
      tip.style.display = 'none';
      key = '';
      return;
    }
    // Read again only when the cell, turn or hit points change, not on every pointer move.
    const k = `${cell[0]},${cell[1]}|${w.time}|${w.turn}|${w.depth}|${w.traps.length}|${player(w).hp}`;
    if (k !== key) {
      key = k;
      lines = trapOddsLines(w, cell[0], cell[1]);
    }
    if (lines.length === 0) {
      tip.style.display = 'none';
      return;
    }
    tip.textContent = lines.join('\n');
    tip.style.display = 'block';
    // Measured once shown: it stays inside the map, never over the HUD or off the window.
    placeTip(tip, ev, target);
  };
  const leave = () => {
    last = null;
    tip.style.display = 'none';
  };
  target.addEventListener('pointermove', move);
  target.addEventListener('pointerleave', leave);
  if (last) move(last);
  return {
    refresh() {
      if (last) move(last);
    },
    detach() {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerleave', leave);
      tip.remove();
    },
  };
}
