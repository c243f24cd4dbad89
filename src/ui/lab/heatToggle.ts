/**
 * The heat map as a toggle on the game's own map (key H, or the Heat map button): the level the
 * player is on is played N times by a bot in the lab's Web Worker (level.ts: same seed, ruleset,
 * settings, size, style and depth; only the dice differ), and the renderer tints the cells where
 * traps fired or actors died. The map fills in as the runs come back; a bar over the map shows the
 * progress with Cancel (the game stays playable meanwhile), then a legend and what to show.
 * Toggling again hides it; a new level takes it away (it describes another map).
 *
 * Loaded the first time it is asked for, so none of this (nor the simulator) is in the game's
 * first load.
 */
import { idx, playerKnowsTrap, type World } from '../../core/world.ts';
import { type HeatLayer, hottest, withoutCells } from '../../render/heat.ts';
import { BOT_NAMES, BOTS } from '../../sim/bots/index.ts';
import { CancelledError, LabClient } from './client.ts';
import { named } from '../dom.ts';
import { fieldNumber, h, numberInput, select } from './dom.ts';
import { describeLevel, type LiveLevel, levelKey, levelShape, levelSpec, liveLevelOf } from './level.ts';
import type { SimPartial } from './protocol.ts';
import { addLabStyles } from './style.ts';
import { fieldWords } from './words.ts';
import { RUN_DEFAULTS } from '../../sim/runDefaults.ts';

export type HeatShow = 'fired' | 'deaths' | 'playerDeaths';

export const HEAT_SHOW_LABELS: Record<HeatShow, string> = {
  fired: 'where traps fired',
  deaths: 'where actors died',
  playerDeaths: 'where the player died',
};

export interface HeatHost {
  /** An empty element over the map that the toggle fills (its bar); hidden while the map is plain. */
  bar: HTMLElement;
  /** The game's current world. */
  world: () => World | null;
  /** Shows a layer over the map, or none. */
  show: (layer: HeatLayer | null) => void;
  /** A worker for the runs (tests may give another); default: the lab's. */
  client?: LabClient;
}

export const DEFAULT_RUNS = 100;
/** The runs' bot, as every run of games (the heat map's runs play the level on screen, so not their depth). */
export const DEFAULT_BOT = RUN_DEFAULTS.bot;

interface Result {
  key: string;
  level: LiveLevel;
  bot: string;
  runs: number;
  heat: NonNullable<SimPartial['columns'][number]['heat']>;
  runsDone: number;
  cancelled: boolean;
}

export type HeatState = 'hidden' | 'running' | 'shown';

export class HeatToggle {
  private readonly client: LabClient;
  private state_: HeatState = 'hidden';
  private result: Result | null = null;
  private runToken = 0;
  private readonly status = h('span', { class: 'heat-status', role: 'status' });
  private readonly progress = h('progress', { class: 'heat-progress', max: 1, value: 0 });
  private readonly cancelButton = h('button', { type: 'button', class: 'heat-cancel' }, 'Cancel');
  private readonly showSel = select(
    'heat-show',
    (Object.keys(HEAT_SHOW_LABELS) as HeatShow[]).map((k) => [k, HEAT_SHOW_LABELS[k]]),
    'fired',
  );
  private readonly runs = numberInput('heat-runs', DEFAULT_RUNS, 1, 100_000);
  private readonly bot = select('heat-bot', BOT_NAMES.map((b) => [b, b]), DEFAULT_BOT);
  private readonly rerun = h('button', { type: 'button', class: 'heat-rerun' }, 'Run again');
  private readonly hide = h('button', { type: 'button', class: 'heat-hide', title: 'Hide the heat map (H)' }, 'Hide');
  private readonly legend = h('span', { class: 'heat-legend' });
  private readonly running: HTMLElement;
  private readonly controls: HTMLElement;

  constructor(private readonly host: HeatHost) {
    addLabStyles();
    this.client = host.client ?? new LabClient();
    this.bot.title = BOT_NAMES.map((b) => `${b}: ${BOTS[b]!.description}`).join('\n');
    this.running = h('span', { class: 'heat-running' }, this.progress, this.cancelButton);
    this.controls = h(
      'span',
      { class: 'heat-controls' },
      h('label', {}, 'show ', named(this.showSel, 'show')),
      h('span', { class: 'heat-ramp', 'aria-hidden': 'true' }),
      this.legend,
      h('label', {}, 'runs ', named(this.runs, 'runs')),
      h('label', {}, 'bot ', named(this.bot, 'bot')),
      this.rerun,
    );
    host.bar.replaceChildren(h('strong', {}, 'Heat map'), ' ', this.status, this.running, this.controls, this.hide);
    host.bar.hidden = true;
    this.cancelButton.addEventListener('click', () => this.cancel());
    this.hide.addEventListener('click', () => this.hideMap());
    this.rerun.addEventListener('click', () => void this.start());
    this.showSel.addEventListener('change', () => this.paint());
  }

  get state(): HeatState {
    return this.state_;
  }

  /** H: show (running the level if it has no heat map yet), or hide. */
  toggle(): void {
    if (this.state_ === 'hidden') void this.showMap();
    else this.hideMap();
  }

  /** The game moved to another level (or a new game): the heat map is of the old one. */
  levelChanged(): void {
    const world = this.host.world();
    if (this.result && world && levelKey(liveLevelOf(world)) === this.result.key) {
      // The same level again (the same game restarted): the map was redrawn without the tint.
      if (this.state_ === 'shown') this.paint();
      return;
    }
    this.result = null;
    if (this.state_ !== 'hidden') this.hideMap();
  }

  private async showMap(): Promise<void> {
    const world = this.host.world();
    if (!world) return;
    const key = levelKey(liveLevelOf(world));
    if (this.result && this.result.key === key) {
      // This level's map is here already: show it again without running.
      this.state_ = 'shown';
      this.host.bar.hidden = false;
      this.setRunning(false);
      this.paint();
      return;
    }
    await this.start();
  }

  private hideMap(): void {
    this.runToken++;
    if (this.client.busy) this.client.cancel();
    this.state_ = 'hidden';
    this.host.bar.hidden = true;
    this.host.show(null);
  }

  private cancel(): void {
    // The client rejects the running job; start() then shows what came back.
    if (this.client.busy) this.client.cancel();
  }

  /** Plays the level on screen `runs` times in the worker, painting as chunks come back. */
  private async start(): Promise<void> {
    const world = this.host.world();
    if (!world) return;
    if (this.client.busy) this.client.cancel();
    const token = ++this.runToken;
    const level = liveLevelOf(world);
    const bot = this.bot.value;
    const n = Math.max(1, Math.min(100_000, Math.floor(fieldNumber(this.runs) || DEFAULT_RUNS)));
    this.runs.value = String(n);
    const spec = levelSpec(level, level.ruleset, bot);
    this.host.bar.hidden = false;
    this.state_ = 'running';
    this.result = null;
    this.host.show(null);
    this.setRunning(true);
    this.progress.max = n;
    // Indeterminate (moving) until the first run is done.
    this.progress.removeAttribute('value');
    this.status.className = 'heat-status';
    this.status.textContent = `playing ${n} runs of this level (${describeLevel(level)}, ${bot} bot)…`;
    const keep = (r: SimPartial, cancelled: boolean) => {
      const heat = r.columns[0]?.heat;
      if (!heat) return;
      this.result = { key: levelKey(level), level, bot, runs: n, heat, runsDone: r.runsDone, cancelled };
    };
    try {
      const final = await this.client.run({ type: 'sim', columns: [spec], runs: n, seedStart: 1, heat: true, level: levelShape(world) }, (m) => {
        if (token !== this.runToken) return;
        if (m.type === 'progress') {
          this.progress.max = m.total;
          this.progress.value = m.done;
          this.status.textContent = `playing run ${m.done} of ${m.total} on this level (${bot} bot)…`;
        } else if (m.type === 'partial') {
          keep(m.result, false);
          this.paint();
        }
      });
      if (token !== this.runToken) return;
      if (final.type === 'simDone') keep(final.result, false);
      this.state_ = 'shown';
      this.setRunning(false);
      this.paint();
    } catch (e) {
      if (token !== this.runToken) return;
      this.setRunning(false);
      if (e instanceof CancelledError) {
        // The partial results kept by the message handler above (TypeScript cannot see that).
        const kept = this.result as Result | null;
        if (kept) {
          kept.cancelled = true;
          this.state_ = 'shown';
          this.paint();
        } else this.hideMap();
        return;
      }
      this.state_ = 'shown';
      this.status.textContent = `No heat map: ${fieldWords((e as Error).message)}.`;
      this.status.className = 'heat-status heat-error';
    }
  }

  private setRunning(on: boolean): void {
    this.running.hidden = !on;
    this.controls.hidden = on;
  }

  /** A turn was played: what the player knows of the level's traps may have changed. */
  refresh(): void {
    if (this.state_ !== 'hidden') this.paint();
  }

  /** The cells of the traps on the level on screen that the player has not found (withoutCells). */
  private unfoundTrapCells(): Set<number> {
    const world = this.host.world();
    const out = new Set<number>();
    if (!world) return out;
    for (const t of world.traps) if (!playerKnowsTrap(world, t)) out.add(idx(world, t.x, t.y));
    return out;
  }

  /** Puts the chosen counts on the map, less the cells of traps the player has not found, and says what they are. */
  private paint(): void {
    const r = this.result;
    if (!r || this.state_ === 'hidden') return;
    const which = this.showSel.value as HeatShow;
    const { layer, unshown } = withoutCells({ width: r.heat.width, height: r.heat.height, counts: r.heat[which] }, this.unfoundTrapCells());
    this.host.show(layer);
    const top = hottest(layer);
    const total = Array.from(layer.counts).reduce((a, b) => a + b, 0);
    const done = this.state_ === 'running' ? `${r.runsDone} runs so far` : r.cancelled ? `${r.runsDone} runs (cancelled at that)` : `${r.runsDone} runs`;
    if (this.state_ !== 'running') {
      this.status.className = 'heat-status';
      this.status.textContent = `${describeLevel(r.level)}; ${done}, ${r.bot} bot.`;
    }
    const more = unshown > 0 ? ` (and ${unshown} at traps you have not found, not shown)` : '';
    this.legend.textContent = `${top ? `${total} in all; hottest cell (${top.x}, ${top.y}): ${top.count}` : 'none to show in these runs'}${more}`;
    this.legend.dataset.total = String(total);
    this.legend.dataset.unshown = String(unshown);
    this.legend.dataset.runs = String(r.runsDone);
    if (top) this.legend.dataset.hottest = `${top.x},${top.y},${top.count}`;
    else delete this.legend.dataset.hottest;
  }
}
