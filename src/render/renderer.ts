/**
 * The map renderer (PixiJS 8, WebGL).
 *
 * The canvas keeps its pixels between frames (`preserveDrawingBuffer`), and a frame paints only
 * the cells that changed, like a terminal: each painted cell is one opaque glyph tile from the
 * atlas, so a new tile simply covers the old one. What a cell shows is decided by layer, top
 * first: actors, known traps, items, terrain (`view.ts`); effects and the look cursor are blended
 * over the tiles and their cells are repainted when they move on.
 *
 * - A turn looks again only at the cells it may have changed (what was or is in sight, terrain
 *   events, where marks were and are) and paints those whose glyph or colour really changed.
 * - A whole-view paint happens only when it must: a new level, the view scrolling, a resize or a
 *   new pixel ratio.
 * - Tiles go through ParticleContainers (one texture, one draw call each); nothing renders on a
 *   timer: a change asks for one animation frame, effects keep asking until they are done.
 */
import { autoDetectRenderer, Container, Particle, ParticleContainer, Rectangle, type Renderer } from 'pixi.js';
import type { GameEvent } from '../core/events.ts';
import type { Ruleset } from '../core/ruleset.ts';
import type { World } from '../core/world.ts';
import { buildAtlas, CURSOR, DEFAULT_FONT, type GlyphAtlas, SOLID } from './atlas.ts';
import { PLAIN_LOOK, type TrapLookOptions } from './trapLook.ts';
import { type Camera, type CellSize, cellAt, cellRect, follow, originPx, visibleRange } from './camera.ts';
import { type Animation, planTurn } from './effects.ts';
import { type HeatLayer, type HeatPiece, heatPieces } from './heat.ts';
import { actorMarks, changedTerrainCells, itemMarks, type Mark, replacesLevel, terrainLook, trapMarks, visibleCells } from './view.ts';
import { player } from '../core/level.ts';

export const DEFAULT_CELL: CellSize = { w: 12, h: 18 };

/** A press held this long is a long press (a look, on a touch screen). */
export const LONG_PRESS_MS = 450;

export interface CellPress {
  /** Made by a finger or a pen (a tap), not a mouse. */
  touch: boolean;
  /**
   * The press asks to look at the cell rather than go there: a long press of a finger, or with a
   * mouse a right-click or a Shift+click.
   */
  look: boolean;
}
const CURSOR_COLOUR = 0xffe060;
const STATIC_PARTICLES = { vertex: false, position: false, rotation: false, uvs: false, color: false };

export interface MapViewOptions {
  cell?: CellSize;
  font?: string;
  /** Device pixel ratio to draw at; defaults to the window's. */
  resolution?: number;
}

export interface UpdateStats {
  /** Cells looked at again. */
  examined: number;
  /** Cells whose glyph or colour changed. */
  changed: number;
  /** Cells painted by the last frame. */
  painted: number;
}

/** A glyph in a colour, as a cell shows it. */
interface Top {
  code: number;
  colour: number;
}

export class MapView {
  /** The size of a map cell in CSS pixels (`setCellSize`: the zoom). */
  cell: CellSize;
  readonly canvas: HTMLCanvasElement;
  /** Effects started since creation, oldest first (for the debug hook and tests). */
  readonly effectsPlayed: string[] = [];
  lastUpdate: UpdateStats = { examined: 0, changed: 0, painted: 0 };
  camera: Camera | null = null;
  /** A click (or tap) on a map cell; `press` says whether a finger made it and whether it was held (a long press). */
  onCellClick: ((x: number, y: number, press: CellPress) => void) | null = null;
  /** The last press on the canvas: its pointer's kind and when it went down. */
  private pressStart: { pointerType: string; at: number } = { pointerType: 'mouse', at: 0 };

  private atlas: GlyphAtlas;
  /** What is painted in one frame: opaque tiles, then blended overlays, at the camera's origin. */
  private readonly frame = new Container();
  private readonly tiles: ParticleContainer;
  private readonly overlay: ParticleContainer;
  private readonly tilePool: Particle[] = [];
  private readonly overlayPool: Particle[] = [];
  /** What each cell shows (top layer): glyph code and colour. */
  private topCode = new Uint16Array(0);
  private topColour = new Int32Array(0);
  /** The item, trap and actor marks by cell (the top one per cell). */
  private marks = new Map<number, Mark>();
  private prevVisible: number[] = [];
  /** Cells to paint at the next frame. */
  private readonly dirty = new Set<number>();
  /** The next frame repaints the whole view (and clears around the map). */
  private fullPaint = true;
  /** Cells an overlay covered in the last frame: their tiles are painted again under the next one. */
  private overlaid: number[] = [];
  private world: World | null = null;
  private ruleset: Ruleset | null = null;
  private cursorAt: { x: number; y: number } | null = null;
  private animations: Array<{ start: number; anim: Animation }> = [];
  private frameRequested = false;
  private resizeObserver: ResizeObserver | null = null;
  /** The heat-map overlay (ui/lab/heatToggle.ts): tinted cells blended under effects and the cursor. */
  private heat: HeatPiece[] = [];

  private constructor(
    private readonly renderer: Renderer,
    private readonly host: HTMLElement,
    private resolution: number,
    private readonly font: string,
    cell: CellSize,
  ) {
    this.cell = cell;
    this.canvas = renderer.canvas as HTMLCanvasElement;
    this.atlas = buildAtlas(cell, resolution, font);
    this.tiles = new ParticleContainer({ texture: this.atlas.get(' '), dynamicProperties: STATIC_PARTICLES });
    this.overlay = new ParticleContainer({ texture: this.atlas.get(' '), dynamicProperties: STATIC_PARTICLES });
    this.frame.addChild(this.tiles, this.overlay);
  }

  /** Creates the WebGL renderer inside `host` (which it fills) and watches its size. */
  static async create(host: HTMLElement, opts: MapViewOptions = {}): Promise<MapView> {
    const resolution = opts.resolution ?? (window.devicePixelRatio || 1);
    const renderer = await autoDetectRenderer({
      preference: 'webgl',
      background: '#000000',
      antialias: false,
      // The canvas is the cache: a frame paints only changed cells over the last one.
      preserveDrawingBuffer: true,
      // The page handles its own input and needs no filters or accessibility layer.
      skipExtensionImports: true,
      resolution,
      autoDensity: true,
      width: Math.max(1, host.clientWidth),
      height: Math.max(1, host.clientHeight),
    });
    const view = new MapView(renderer, host, resolution, opts.font ?? DEFAULT_FONT, opts.cell ?? DEFAULT_CELL);
    host.appendChild(view.canvas);
    view.canvas.style.display = 'block';
    view.canvas.addEventListener('pointerdown', (e) => {
      view.pressStart = { pointerType: e.pointerType, at: performance.now() };
    });
    // A long press or a right-click looks: the browser's own menu for either would cover the map.
    view.canvas.addEventListener('contextmenu', (e) => {
      e.preventDefault();
      if (view.pressStart.pointerType === 'mouse') view.press(e, true);
    });
    view.canvas.addEventListener('click', (e) => view.click(e));
    view.canvas.addEventListener('webglcontextrestored', () => view.repaintAll());
    if (typeof ResizeObserver !== 'undefined') {
      view.resizeObserver = new ResizeObserver(() => view.fitHost());
      view.resizeObserver.observe(host);
    }
    view.watchPixelRatio();
    return view;
  }

  /**
   * A new pixel ratio without a new size (the window moved to another screen) still redraws: a
   * media query says so in browsers, and every frame checks too (emulated ratios send no event).
   */
  private watchPixelRatio(): void {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    const onChange = () => {
      query.removeEventListener('change', onChange);
      this.fitHost();
      this.watchPixelRatio();
    };
    query.addEventListener('change', onChange);
  }

  get screen(): { width: number; height: number } {
    return { width: this.renderer.screen.width, height: this.renderer.screen.height };
  }

  get pixelRatio(): number {
    return this.resolution;
  }

  /** Shows a whole new world (new game, new level): every cell worked out and painted. */
  setWorld(world: World, ruleset: Ruleset): void {
    this.world = world;
    this.ruleset = ruleset;
    this.animations = [];
    this.camera = null;
    this.heat = [];
    this.redrawAll();
    this.refocus();
    this.requestFrame();
  }

  /** Works out every cell again and repaints the whole view (new level, benchmarks). */
  redrawAll(): void {
    const world = this.world;
    if (!world) return;
    const n = world.width * world.height;
    if (this.topCode.length !== n) {
      this.topCode = new Uint16Array(n);
      this.topColour = new Int32Array(n);
    }
    this.marks = this.collectMarks(world);
    let changed = 0;
    for (let i = 0; i < n; i++) if (this.setTop(i, this.topOf(world, i))) changed++;
    this.prevVisible = visibleCells(world);
    this.dirty.clear();
    this.fullPaint = true;
    this.lastUpdate = { examined: n, changed, painted: 0 };
  }

  /** After a step: find what the events may have changed, queue those cells, start the effects. */
  update(world: World, events: readonly GameEvent[]): UpdateStats {
    if (world !== this.world || replacesLevel(events) || this.topCode.length !== world.width * world.height) {
      const ruleset = this.ruleset;
      if (!ruleset) throw new Error('MapView.update before setWorld');
      this.setWorld(world, ruleset);
      return this.lastUpdate;
    }
    const { cells, visible } = changedTerrainCells(world, this.prevVisible, events);
    const marks = this.collectMarks(world);
    // Where a mark was or is now, the cell's top may have changed too.
    for (const i of this.marks.keys()) cells.add(i);
    for (const i of marks.keys()) cells.add(i);
    this.marks = marks;
    let changed = 0;
    for (const i of cells)
      if (this.setTop(i, this.topOf(world, i))) {
        changed++;
        this.dirty.add(i);
      }
    this.prevVisible = visible;
    this.startEffects(events);
    this.refocus();
    this.lastUpdate = { examined: cells.size, changed, painted: 0 };
    this.requestFrame();
    return this.lastUpdate;
  }

  /** The look-mode cursor (null hides it); the view follows it while shown. */
  setCursor(pos: { x: number; y: number } | null): void {
    this.cursorAt = pos;
    this.refocus();
    this.requestFrame();
  }

  /**
   * Shows a heat map over the level (null hides it). It belongs to the level on screen: a new
   * level (`setWorld`) takes it away.
   */
  setHeat(layer: HeatLayer | null): void {
    if (layer && this.world && (layer.width !== this.world.width || layer.height !== this.world.height)) throw new Error('heat map: not the size of the level on screen');
    this.heat = layer ? heatPieces(layer) : [];
    this.requestFrame();
  }

  /** A cell's rectangle in page (CSS) pixels, for tests and tooltips. */
  cellPageRect(x: number, y: number): { x: number; y: number; w: number; h: number } | null {
    if (!this.camera) return null;
    const r = cellRect(this.camera, this.cell, x, y);
    const box = this.canvas.getBoundingClientRect();
    return { x: box.left + r.x, y: box.top + r.y, w: r.w, h: r.h };
  }

  /** Paints now (benchmarks and tests); play uses `requestFrame`. */
  renderNow(): void {
    if (this.destroyed) return;
    this.frameRequested = false;
    this.paint(performance.now());
  }

  /** Waits for the GPU to finish the last frame by reading one pixel back (benchmarks only). */
  finishGpu(): void {
    const gl = (this.renderer as unknown as { gl?: WebGL2RenderingContext }).gl;
    if (!gl) return;
    const px = new Uint8Array(4);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
  }

  requestFrame(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      // A view closed since the frame was asked for (the replay viewer's) has nothing to paint.
      if (this.destroyed) return;
      if ((window.devicePixelRatio || 1) !== this.resolution) this.fitHost();
      if (this.paint(performance.now())) this.requestFrame();
    });
  }

  /** Repaints the whole view at the next frame (the canvas lost its pixels). */
  repaintAll(): void {
    this.fullPaint = true;
    this.requestFrame();
  }

  /** How known traps are drawn (trapLook.ts: distinct glyphs, a colour-blind-safe palette). */
  private trapLook: TrapLookOptions = PLAIN_LOOK;

  setTrapLook(look: TrapLookOptions): void {
    this.trapLook = { ...look };
    this.redrawAll();
    this.requestFrame();
  }

  /** Draws every cell at a new size (the zoom): a new atlas of that size, and the view laid out again round the player. */
  setCellSize(cell: CellSize): void {
    if (this.destroyed || (cell.w === this.cell.w && cell.h === this.cell.h)) return;
    this.cell = cell;
    this.rebuildAtlas();
    this.repaintFromScratch();
  }

  /** A new glyph atlas at the current cell size and pixel ratio, in place of the old one (freed). */
  private rebuildAtlas(): void {
    const old = this.atlas;
    this.atlas = buildAtlas(this.cell, this.resolution, this.font);
    this.tiles.texture = this.atlas.get(' ');
    this.overlay.texture = this.atlas.get(' ');
    old.destroy();
  }

  /** Lays the view out again round the player and paints every cell at the next frame (after a resize or a new atlas). */
  private repaintFromScratch(): void {
    this.camera = null;
    this.fullPaint = true;
    this.refocus();
    this.requestFrame();
  }

  /** Follows the host element's size and the device pixel ratio. */
  fitHost(): void {
    if (this.destroyed) return;
    const w = Math.max(1, this.host.clientWidth);
    const h = Math.max(1, this.host.clientHeight);
    const dpr = window.devicePixelRatio || 1;
    const dprChanged = dpr !== this.resolution;
    if (!dprChanged && w === this.renderer.screen.width && h === this.renderer.screen.height) return;
    this.renderer.resize(w, h, dpr);
    if (dprChanged) {
      // Glyphs are drawn at the device's pixel ratio: a new ratio needs a new atlas.
      this.resolution = dpr;
      this.rebuildAtlas();
    }
    // A resized canvas starts blank.
    this.repaintFromScratch();
  }

  private destroyed = false;

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.resizeObserver?.disconnect();
    this.renderer.destroy({ removeView: true });
    this.atlas.destroy();
  }

  // ------------------------------------------------------------------ internals

  /** Items, then traps over them, then actors over those: the top mark of each cell. */
  private collectMarks(world: World): Map<number, Mark> {
    const out = new Map<number, Mark>();
    const put = (list: Mark[]) => {
      for (const m of list) out.set(m.y * world.width + m.x, m);
    };
    put(itemMarks(world));
    if (this.ruleset) put(trapMarks(world, this.ruleset, this.trapLook));
    put(actorMarks(world));
    return out;
  }

  private topOf(world: World, i: number): Top {
    const m = this.marks.get(i);
    if (m) return { code: m.ch.charCodeAt(0), colour: m.colour };
    const g = terrainLook(world, i);
    return { code: g.ch.charCodeAt(0), colour: g.colour };
  }

  private setTop(i: number, t: Top): boolean {
    if (this.topCode[i] === t.code && this.topColour[i] === t.colour) return false;
    this.topCode[i] = t.code;
    this.topColour[i] = t.colour;
    return true;
  }

  /** Paints what is due; true while effects still need frames. */
  private paint(now: number): boolean {
    const world = this.world;
    if (!world || !this.camera) return false;
    const r = visibleRange(this.camera, world);
    const inView = (i: number) => {
      const x = i % world.width;
      const y = (i - x) / world.width;
      return x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
    };

    // Overlays of this moment, bottom first: the heat map, effect pieces, then the cursor.
    this.animations = this.animations.filter((a) => now - a.start < a.anim.duration);
    const pieces: Array<{ i: number; ch: string; colour: number; alpha: number }> = [];
    for (const h of this.heat) if (inView(h.i)) pieces.push({ i: h.i, ch: SOLID, colour: h.colour, alpha: h.alpha });
    for (const { start, anim } of this.animations) {
      if (now < start) continue;
      for (const p of anim.frame(now - start)) {
        if (p.x < 0 || p.y < 0 || p.x >= world.width || p.y >= world.height || p.alpha <= 0) continue;
        pieces.push({ i: p.y * world.width + p.x, ch: p.ch ?? SOLID, colour: p.colour, alpha: p.alpha });
      }
    }
    const c = this.cursorAt;
    if (c && c.x >= 0 && c.y >= 0 && c.x < world.width && c.y < world.height) pieces.push({ i: c.y * world.width + c.x, ch: CURSOR, colour: CURSOR_COLOUR, alpha: 1 });

    // Tiles: everything in view on a full paint; else the changed cells, plus the cells under last
    // frame's overlays (to wipe them) and under this frame's (so alpha never piles up).
    let cells: number[];
    if (this.fullPaint) {
      cells = [];
      for (let y = r.y0; y <= r.y1; y++) for (let x = r.x0; x <= r.x1; x++) cells.push(y * world.width + x);
    } else {
      const set = new Set<number>();
      for (const i of this.dirty) if (inView(i)) set.add(i);
      for (const i of this.overlaid) set.add(i);
      for (const p of pieces) set.add(p.i);
      cells = [...set];
    }
    const busy = this.animations.length > 0;
    if (cells.length === 0 && pieces.length === 0 && !this.fullPaint) return busy;

    const tiles = this.tiles.particleChildren;
    tiles.length = 0;
    for (let n = 0; n < cells.length; n++) {
      const i = cells[n]!;
      const x = i % world.width;
      let p = this.tilePool[n];
      if (!p) this.tilePool.push((p = new Particle({ texture: this.atlas.get(' ') })));
      p.texture = this.atlas.get(String.fromCharCode(this.topCode[i]!));
      p.tint = this.topColour[i]!;
      p.x = x * this.cell.w;
      p.y = ((i - x) / world.width) * this.cell.h;
      tiles.push(p);
    }
    const over = this.overlay.particleChildren;
    over.length = 0;
    for (let n = 0; n < pieces.length; n++) {
      const piece = pieces[n]!;
      const x = piece.i % world.width;
      let p = this.overlayPool[n];
      if (!p) this.overlayPool.push((p = new Particle({ texture: this.atlas.get(SOLID) })));
      p.texture = this.atlas.get(piece.ch);
      p.tint = piece.colour;
      p.alpha = piece.alpha;
      p.x = x * this.cell.w;
      p.y = ((piece.i - x) / world.width) * this.cell.h;
      over.push(p);
    }
    this.tiles.update();
    this.overlay.update();
    const bounds = new Rectangle(0, 0, world.width * this.cell.w, world.height * this.cell.h);
    this.tiles.boundsArea = bounds;
    this.overlay.boundsArea = bounds;
    const o = originPx(this.camera, this.cell);
    this.frame.position.set(o.x, o.y);
    this.renderer.render({ container: this.frame, clear: this.fullPaint, clearColor: 'black' });

    this.overlaid = pieces.map((p) => p.i);
    this.dirty.clear();
    this.fullPaint = false;
    this.lastUpdate = { ...this.lastUpdate, painted: cells.length };
    return busy;
  }

  /** Moves the view to keep the player (or the look cursor) in sight; a scroll repaints it all. */
  private refocus(): void {
    const world = this.world;
    if (!world) return;
    const hero = player(world);
    const at = this.cursorAt ?? { x: hero.x, y: hero.y };
    const before = this.camera;
    this.camera = follow(this.camera, at.x, at.y, world, this.screen, this.cell);
    if (!before || before.x !== this.camera.x || before.y !== this.camera.y || before.cols !== this.camera.cols || before.rows !== this.camera.rows) this.fullPaint = true;
  }

  private startEffects(events: readonly GameEvent[]): void {
    const now = performance.now();
    for (const { start, anim } of planTurn(events)) {
      this.animations.push({ start: now + start, anim });
      this.effectsPlayed.push(anim.kind);
    }
    // A long fight should not queue a backlog: keep the newest few.
    if (this.animations.length > 24) this.animations = this.animations.slice(-24);
  }

  private click(e: MouseEvent): void {
    const touch = this.pressStart.pointerType === 'touch' || this.pressStart.pointerType === 'pen';
    this.press(e, touch ? performance.now() - this.pressStart.at >= LONG_PRESS_MS : e.shiftKey);
  }

  /** A press on the map at the event's point: `look` when it asks to look rather than go (CellPress). */
  private press(e: MouseEvent, look: boolean): void {
    if (!this.onCellClick) return;
    const cell = this.cellAtClient(e.clientX, e.clientY);
    const touch = this.pressStart.pointerType === 'touch' || this.pressStart.pointerType === 'pen';
    if (cell) this.onCellClick(cell[0], cell[1], { touch, look });
  }

  /** The map cell under a point of the window (client coordinates), or null off the map. */
  cellAtClient(clientX: number, clientY: number): [number, number] | null {
    if (!this.camera || !this.world) return null;
    const box = this.canvas.getBoundingClientRect();
    const { x, y } = cellAt(this.camera, this.cell, clientX - box.left, clientY - box.top);
    return x >= 0 && y >= 0 && x < this.world.width && y < this.world.height ? [x, y] : null;
  }
}
