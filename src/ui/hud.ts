/** The HUD panel: HP (per body part where the ruleset has them), the ruleset's stats, depth and danger, turn. */
import { capitalise, hpText } from '../core/words.ts';
import { fill, h } from './dom.ts';
import type { HudState, Meter, UiStore } from './store.ts';

/** What a meter reads: "12/30", never below 0. */
export function meterValue(m: Meter): string {
  return hpText(m.value, m.max);
}

function meter(m: Meter): HTMLElement {
  const frac = m.max > 0 ? Math.max(0, Math.min(1, m.value / m.max)) : 0;
  const tone = frac > 0.66 ? 'ok' : frac > 0.33 ? 'warn' : 'low';
  return h(
    'div',
    { class: 'meter', 'data-label': m.label },
    h('span', { class: 'meter-label' }, m.label),
    h('span', { class: `meter-bar ${tone}` }, h('span', { class: 'meter-fill', style: `width:${(frac * 100).toFixed(1)}%` })),
    h('span', { class: 'meter-value' }, meterValue(m)),
  );
}

function rows(items: Array<{ label: string; value: string }>, cls: string): HTMLElement {
  return h('dl', { class: cls }, ...items.flatMap((r) => [h('dt', {}, r.label), h('dd', {}, r.value)]));
}

export function renderHud(el: HTMLElement, hud: HudState | null): void {
  if (!hud) {
    fill(el);
    return;
  }
  fill(
    el,
    h('h2', {}, 'You'),
    meter(hud.hp),
    hud.parts.length > 0 ? h('div', { class: 'parts' }, ...hud.parts.map(meter)) : null,
    hud.status.length > 0 ? h('p', { class: 'status' }, hud.status.join(', ')) : null,
    hud.stats.length > 0 ? rows(hud.stats, 'stats') : null,
    h('h2', {}, 'Level'),
    rows(
      [
        { label: 'Depth', value: String(hud.depth) },
        ...hud.level.map((l) => ({ label: capitalise(l.label), value: l.value })),
        { label: 'Turn', value: String(hud.turn) },
      ],
      'level',
    ),
    h('h2', {}, 'Pack'),
    h('p', { class: 'inventory' }, hud.inventory.length > 0 ? hud.inventory.join(', ') : 'nothing'),
    h('p', { class: 'game-id' }, `${hud.rulesetName} · seed ${hud.seed}`),
  );
}

export function mountHud(el: HTMLElement, store: UiStore): void {
  renderHud(el, store.getState().hud);
  store.subscribe((s, prev) => {
    if (s.hud !== prev.hud) renderHud(el, s.hud);
  });
}
