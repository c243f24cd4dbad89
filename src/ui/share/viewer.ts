/**
 * The replay viewer: a full-page overlay with its own map, that plays a replay file back turn by
 * turn (play, pause, step, back, speed, jump to any turn) without touching the running game. It
 * shows the world's hash at every turn, the same hash `trapsmith replay --to-turn N` prints.
 * "Play on from here" hands the game at the shown turn to the caller.
 *
 * Keys while it is open: Space play/pause, → step, ← back one turn, Home start, End end, Esc close.
 * Every key is kept from the game underneath.
 */
import { counted } from '../../core/words.ts';
import type { GameEvent } from '../../core/events.ts';
import { getRuleset } from '../../core/registry.ts';
import { MapView } from '../../render/renderer.ts';
import { type LogLine, type ReplayFile, ReplayCursor } from '../../share/index.ts';
import { h } from '../dom.ts';

const SPEEDS = [1, 2, 5, 10, 25, 100] as const;
const LOG_LINES = 300;

export interface ViewerActions {
  /** Play on from the shown turn: `file` holds the actions up to it, with its turn and hash. */
  playOn(file: ReplayFile): void;
}

export class ReplayViewer {
  readonly el: HTMLElement;
  private cursor: ReplayCursor | null = null;
  private view: MapView | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private speed = 5;
  /** The page's other parts, inert while the viewer is open, and what had the focus before. */
  private inerted: HTMLElement[] = [];
  private returnFocus: HTMLElement | null = null;
  private readonly title = h('span', { class: 'replay-title' });
  private readonly mapHost = h('div', { class: 'replay-map' });
  private readonly playButton = h('button', { type: 'button', class: 'replay-play', title: 'Play or pause (Space)' }, 'Play');
  private readonly scrub = h('input', { type: 'range', class: 'replay-scrub', min: 0, max: 0, value: 0, 'aria-label': 'Turn' });
  private readonly turnInput = h('input', { type: 'number', class: 'replay-turn', min: 0, value: 0, 'aria-label': 'Jump to turn' });
  private readonly status = h('output', { class: 'replay-status', 'aria-live': 'off' });
  private readonly log = h('ol', { class: 'replay-log', 'aria-label': 'Replay log' });
  private readonly keyHandler = (e: KeyboardEvent) => this.onKey(e);

  constructor(private readonly actions: ViewerActions) {
    const button = (cls: string, label: string, title: string, onclick: () => void) => h('button', { type: 'button', class: cls, title, onclick }, label);
    const speed = h(
      'select',
      { class: 'replay-speed', 'aria-label': 'Speed (turns a second)' },
      ...SPEEDS.map((s) => h('option', { value: s, ...(s === this.speed ? { selected: true } : {}) }, `${counted(s, 'turn')}/s`)),
    );
    speed.addEventListener('change', () => {
      this.speed = Number(speed.value);
      if (this.timer) this.play();
    });
    this.scrub.addEventListener('input', () => this.jump(Number(this.scrub.value)));
    const go = (e: Event) => {
      e.preventDefault();
      this.jump(Number(this.turnInput.value));
    };
    this.playButton.addEventListener('click', () => (this.timer ? this.pause() : this.play()));
    this.el = h(
      'div',
      { class: 'share-viewer', role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Replay viewer', hidden: true },
      h(
        'header',
        { class: 'replay-head' },
        h('strong', {}, 'Replay'),
        this.title,
        button('replay-close', 'Close', 'Close the viewer (Esc)', () => this.close()),
      ),
      this.mapHost,
      h(
        'div',
        { class: 'replay-controls' },
        button('replay-start', 'Start', 'To the start (Home)', () => this.jump(0)),
        button('replay-back', '◀ Back', 'Back one turn (←)', () => this.back()),
        this.playButton,
        button('replay-step', 'Step ▶', 'One turn (→)', () => this.stepOnce()),
        button('replay-end', 'End', 'To the end (End)', () => this.jump(Number.MAX_SAFE_INTEGER)),
        speed,
        this.scrub,
        h('form', { class: 'replay-jump', novalidate: true, onsubmit: go }, h('label', {}, 'Turn ', this.turnInput), h('button', { type: 'submit' }, 'Go')),
        this.status,
        button('replay-playon', 'Play on from here', 'Make the game at this turn yours to play', () => this.playOn()),
      ),
      this.log,
    );
  }

  get isOpen(): boolean {
    return !this.el.hidden;
  }

  /** Opens `file` at its start (or `at`: a turn, or 'end'). */
  async open(file: ReplayFile, at: number | 'end' = 0): Promise<void> {
    this.pause();
    this.cursor = new ReplayCursor(file);
    this.title.textContent = `${file.name ? `${file.name} - ` : ''}${getRuleset(file.ruleset).name}, seed ${file.seed}, ${file.actions.length} actions`;
    this.scrub.max = String(this.cursor.lastTurn);
    this.turnInput.max = String(this.cursor.lastTurn);
    this.log.replaceChildren();
    this.el.hidden = false;
    this.holdFocus();
    window.addEventListener('keydown', this.keyHandler, true);
    if (!this.view) this.view = await MapView.create(this.mapHost);
    this.redraw();
    if (at !== 0) this.jump(at === 'end' ? Number.MAX_SAFE_INTEGER : at);
    this.el.querySelector<HTMLButtonElement>('.replay-play')?.focus();
  }

  /**
   * A modal in deed: the rest of the page is inert while the viewer is open (Tab cannot reach the
   * game's buttons behind it), and the focus goes back where it was when it closes.
   */
  private holdFocus(): void {
    if (this.inerted.length > 0) return;
    this.returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    this.inerted = [...document.body.children].filter((e): e is HTMLElement => e instanceof HTMLElement && e !== this.el && !e.inert);
    for (const e of this.inerted) e.inert = true;
  }

  private releaseFocus(): void {
    for (const e of this.inerted) e.inert = false;
    this.inerted = [];
    this.returnFocus?.focus();
    this.returnFocus = null;
  }

  close(): void {
    this.pause();
    this.el.hidden = true;
    this.releaseFocus();
    window.removeEventListener('keydown', this.keyHandler, true);
    this.view?.destroy();
    this.view = null;
    this.cursor = null;
  }

  /** The viewer's turn and world hash (for the page's test hook). */
  state(): { turn: number; hash: string; atEnd: boolean } | null {
    const c = this.cursor;
    return c ? { turn: c.turn, hash: c.hash(), atEnd: c.atEnd } : null;
  }

  play(): void {
    this.pause();
    if (!this.cursor || this.cursor.atEnd) return;
    // At most about 60 ticks a second; faster speeds play several turns a tick.
    const interval = Math.max(16, Math.round(1000 / this.speed));
    const perTick = Math.max(1, Math.round((this.speed * interval) / 1000));
    this.timer = setInterval(() => {
      if (!this.advance(perTick)) this.pause();
    }, interval);
    this.playButton.textContent = 'Pause';
  }

  pause(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = 'Play';
  }

  stepOnce(): void {
    this.pause();
    this.advance(1);
  }

  back(): void {
    this.pause();
    if (this.cursor) this.jump(this.cursor.turn - 1);
  }

  jump(turn: number): void {
    const c = this.cursor;
    if (!c || !Number.isFinite(turn)) return;
    const lines = c.seek(Math.min(Math.max(0, Math.floor(turn)), c.lastTurn));
    this.addLog(lines, true);
    this.redraw();
  }

  /** Plays up to `n` actions; false at the end. */
  private advance(n: number): boolean {
    const c = this.cursor;
    if (!c) return false;
    const events: GameEvent[] = [];
    const lines: LogLine[] = [];
    for (let i = 0; i < n; i++) {
      const s = c.next();
      if (!s) break;
      events.push(...s.events);
      lines.push(...s.log);
    }
    if (events.length > 0) this.view?.update(c.world, events);
    this.addLog(lines, false);
    this.showStatus();
    return !c.atEnd;
  }

  private redraw(): void {
    const c = this.cursor;
    if (!c || !this.view) return;
    this.view.setWorld(c.world, getRuleset(c.world.ruleset));
    this.view.requestFrame();
    this.showStatus();
  }

  private showStatus(): void {
    const c = this.cursor;
    if (!c) return;
    const hash = c.hash();
    const over = c.world.over ? ` - ${c.world.over.won ? 'won' : c.world.over.cause}` : '';
    this.status.textContent = `Turn ${c.turn} of ${c.lastTurn}, depth ${c.world.depth}${over} - world ${hash}`;
    this.status.dataset.turn = String(c.turn);
    this.status.dataset.hash = hash;
    this.status.dataset.end = String(c.atEnd);
    this.scrub.value = String(c.turn);
    if (document.activeElement !== this.turnInput) this.turnInput.value = String(c.turn);
  }

  private addLog(lines: readonly LogLine[], jumped: boolean): void {
    if (jumped) this.log.replaceChildren(h('li', { class: 'tone-system' }, `Jumped to turn ${this.cursor?.turn ?? 0}.`));
    for (const l of lines.slice(-LOG_LINES)) this.log.append(h('li', { class: `tone-${l.tone}` }, `Turn ${l.turn}: ${l.text}`));
    while (this.log.childElementCount > LOG_LINES) this.log.firstElementChild?.remove();
    this.log.scrollTop = this.log.scrollHeight;
  }

  private playOn(): void {
    const c = this.cursor;
    if (!c) return;
    this.actions.playOn({ ...c.file, actions: c.file.actions.slice(0, c.index), turn: c.turn, hash: c.hash() });
    this.close();
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.isOpen) return;
    // The game underneath never sees keys while the viewer is open.
    e.stopPropagation();
    const inField = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    const act: Record<string, () => void> = {
      Escape: () => this.close(),
      ' ': () => (this.timer ? this.pause() : this.play()),
      ArrowRight: () => this.stepOnce(),
      ArrowLeft: () => this.back(),
      Home: () => this.jump(0),
      End: () => this.jump(Number.MAX_SAFE_INTEGER),
    };
    const f = act[e.key];
    if (!f || (inField && e.key !== 'Escape')) return;
    e.preventDefault();
    f();
  }
}
