/**
 * Odds of a known trap for the current character, for the game's hover: spotting it, setting it
 * off when stepped on (or opened), expected damage, death from the current hit points, disarming
 * and setting it off while disarming. Read from the ruleset's own code on copies of the world
 * (src/sim/probe.ts), so they match play. The game page wires it in one call:
 *
 *   attachTrapOdds(canvasElement, () => currentWorld, (ev) => cellUnderPointer(ev));
 */
import { capitalise } from '../../core/words.ts';
import { getRuleset, trapNameIn } from '../../core/registry.ts';
import type { World } from '../../core/world.ts';
import { type ProbeWhat, probeTrap, type TrapOdds } from '../../sim/probe.ts';
import { placeTip } from '../tipPlace.ts';
import { player } from '../../core/level.ts';
import { chanceText, disarmOdds, disarmOddsText, spotOdds, statusesText, stepLeavesOut, stepOdds, stepStatuses } from '../../core/stepOdds.ts';

/** Trials per question: the numbers are good to about ±4 points. */
export const HOVER_TRIALS = 400;

function pct(p: number): string {
  return p === 0 ? '0%' : p === 1 ? '100%' : p < 0.005 ? '<1%' : p > 0.995 ? '>99%' : `${Math.round(100 * p)}%`;
}

/** The odds as lines of text (empty when there is no trap there that the player knows of). */
export function trapOddsLines(world: World, x: number, y: number, trials = HOVER_TRIALS): string[] {
  const trap = world.traps.find((t) => t.x === x && t.y === y && t.knownBy.includes(world.playerId));
  if (!trap) return [];
  const hero = player(world);
  // The step read exactly where the ruleset has the reading (its `step` check); the rest sampled.
  const exactStep = trap.armed ? stepOdds(world, hero, trap) : null;
  const exactDisarm = disarmOdds(world, hero, trap);
  const exactSpot = spotOdds(world, hero, trap);
  // Sampled only where the ruleset has no exact reading of a question (probe.ts plays its code).
  const sampled: ProbeWhat[] = [...(exactSpot ? [] : ['spot' as const]), ...(exactStep ? [] : ['enter' as const]), ...(exactDisarm ? [] : ['disarm' as const])];
  let o: TrapOdds | null = null;
  if (sampled.length > 0) {
    try {
      o = probeTrap(world, trap.id, { trials, what: sampled });
    } catch {
      return [];
    }
  }
  const name = trapNameIn(getRuleset(world.ruleset), trap);
  const lines = [`${capitalise(name)} — odds for you (${o ? `${trials} tries of the rules where not read exactly` : 'read exactly'})`];
  if (exactSpot) {
    // A way of looking the ruleset does not have never finds it: 0%.
    const c = (o: typeof exactSpot.search) => (o ? chanceText(o) : '0%');
    lines.push(`Spotting, exactly: ${c(exactSpot.search)} per search beside it, ${c(exactSpot.passing)} in passing`);
  } else if (o?.spot) lines.push(`Spotting: ${pct(o.spot.search)} per search beside it, ${pct(o.spot.passing)} in passing`);
  if (exactStep) {
    const c = (k: string) => (exactStep[k] ? chanceText(exactStep[k]) : '0%');
    // Where the body's parts decide death (cdda's head and torso), an HP total would mislead.
    const from = hero.parts ? '' : ` (from your ${Math.max(0, hero.hp)} HP)`;
    lines.push(`${trap.host.kind === 'floor' ? 'Stepping on it' : 'Opening it'}, exactly${from}: avoided ${c('avoided')}, unhurt ${c('unhurt')}, hurt ${c('hurt')}, killed ${c('death')}`);
    const statuses = stepStatuses(world, hero, trap);
    if (statuses && Object.keys(statuses).length > 0) lines.push(`Leaves you, alive: ${statusesText(statuses)}`);
    const left = stepLeavesOut(world, hero, trap);
    if (left.length > 0) lines.push(`Not counted: ${left.join('; ')}`);
  } else if (o) {
    lines.push(`${trap.host.kind === 'floor' ? 'Stepping on it' : 'Opening it'}: sets it off ${pct(o.enter.trigger)}${trap.armed ? '' : ' (it is sprung)'}`);
    // Where the body's parts decide death (cdda's head and torso), the HP total would mislead.
    const from = hero.parts ? 'death' : `death from your ${Math.max(0, hero.hp)} HP`;
    lines.push(`Expected damage per ${trap.host.kind === 'floor' ? 'step' : 'try'} (misses count as 0): ${o.enter.meanDamage.toFixed(1)}; ${from}: ${pct(o.enter.death)}`);
  }
  if (exactDisarm) lines.push(`Disarming, exactly: ${disarmOddsText(exactDisarm)}`);
  else if (o?.disarm.available) lines.push(`Disarming: ${pct(o.disarm.success)} success, ${pct(o.disarm.setOff)} sets it off`);
  else if (o) lines.push(`Disarming: not possible. ${o.disarm.reason ?? 'The game would refuse it.'}`);
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
    // A probe plays out every question's trials, too much to redo on every pointer move: probe
    // again only when the cell, turn or hit points change.
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
