/**
 * A small read-only window into the running game for browser tests: `window.__trapsmith`.
 * Tests read positions and state here instead of guessing them from pixels. Nothing here changes
 * the game; every getter returns a fresh copy.
 *
 *   ready          true once the first level is drawn
 *   rulesets       ids of the rulesets loaded so far (all five soon after `ready`)
 *   firstLoad      the files the page had fetched when the first level was drawn
 *   seed, ruleset, depth, turn, over, mode
 *   player         { x, y, hp, maxHp }
 *   knownTraps     [{ x, y, kind, name, host }] the traps the player knows of
 *   monsters       [{ x, y, kind, hp, seen }] living monsters, and whether the player sees them
 *   map()          the level's true terrain as text rows (# . + ' L S < > ~ = % /), chests as C
 *   terrainHash()  FNV-1a of the terrain bytes (to compare levels across page loads and Node)
 *   fog(x, y)      'visible' | 'remembered' | 'unseen'
 *   cellRect(x, y) the cell's rectangle in page pixels
 *   effects        effect animations started so far ("flash", "blast", ...)
 *   lastUpdate     cells examined / changed by the last turn, cells painted by the last frame
 *   log()          the message log's lines as they read (a repeated line counted: "... (×3)")
 *   played()       the actions played since this world was started or loaded, in the link's compact form
 *   canvas         { width, height, cssWidth, cssHeight, dpr }
 */
import { trapNameIn } from '../core/registry.ts';
import { encodeActions } from '../share/actionCodec.ts';
import { idx, playerKnowsTrap } from '../core/world.ts';
import type { MapView } from '../render/renderer.ts';
import { fogAt } from '../render/view.ts';
import type { GameController } from './game.ts';
import { logText, type UiStore } from './store.ts';
import { player } from '../core/level.ts';

const MAP_CHARS = "#.+'LS<>~=%/";

export interface DebugHook {
  readonly ready: boolean;
  readonly rulesets: string[];
  readonly firstLoad: string[];
  readonly seed: string | null;
  readonly ruleset: string | null;
  readonly depth: number | null;
  readonly turn: number | null;
  readonly over: { won: boolean; cause: string; turn: number } | null;
  readonly mode: string;
  readonly player: { x: number; y: number; hp: number; maxHp: number } | null;
  readonly knownTraps: Array<{ x: number; y: number; kind: string; name: string; host: string }>;
  readonly monsters: Array<{ x: number; y: number; kind: string; hp: number; seen: boolean }>;
  map(): string[];
  terrainHash(): string | null;
  fog(x: number, y: number): string | null;
  cellRect(x: number, y: number): { x: number; y: number; w: number; h: number } | null;
  readonly effects: string[];
  readonly lastUpdate: { examined: number; changed: number; painted: number };
  log(): string[];
  played(): string;
  readonly canvas: { width: number; height: number; cssWidth: number; cssHeight: number; dpr: number };
}

export function terrainHashOf(terrain: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < terrain.length; i++) {
    h ^= terrain[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

export function makeDebugHook(game: GameController, view: MapView, store: UiStore, isReady: () => boolean, firstLoad: () => string[]): DebugHook {
  return {
    get ready() {
      return isReady();
    },
    get rulesets() {
      return store.getState().rulesets.map((r) => r.id);
    },
    get firstLoad() {
      return [...firstLoad()];
    },
    get seed() {
      return game.world?.seed ?? null;
    },
    get ruleset() {
      return game.world?.ruleset ?? null;
    },
    get depth() {
      return game.world?.depth ?? null;
    },
    get turn() {
      return game.world?.turn ?? null;
    },
    get over() {
      return game.world?.over ? { ...game.world.over } : null;
    },
    get mode() {
      return store.getState().mode;
    },
    get player() {
      if (!game.world) return null;
      const p = player(game.world);
      return { x: p.x, y: p.y, hp: p.hp, maxHp: p.maxHp };
    },
    get knownTraps() {
      const w = game.world;
      const r = game.ruleset;
      if (!w || !r) return [];
      return w.traps
        .filter((t) => playerKnowsTrap(w, t))
        .map((t) => ({ x: t.x, y: t.y, kind: t.kind, name: trapNameIn(r, t), host: t.host.kind }));
    },
    get monsters() {
      const w = game.world;
      if (!w) return [];
      return w.actors
        .filter((a) => a.alive && a.id !== w.playerId)
        .map((a) => ({ x: a.x, y: a.y, kind: a.kind, hp: a.hp, seen: w.visible[idx(w, a.x, a.y)] === 1 }));
    },
    map() {
      const w = game.world;
      if (!w) return [];
      const rows: string[] = [];
      for (let y = 0; y < w.height; y++) {
        let row = '';
        for (let x = 0; x < w.width; x++) row += w.chests.some((c) => c.x === x && c.y === y) ? 'C' : (MAP_CHARS[w.terrain[idx(w, x, y)]!] ?? '?');
        rows.push(row);
      }
      return rows;
    },
    terrainHash() {
      return game.world ? terrainHashOf(game.world.terrain) : null;
    },
    fog(x, y) {
      const w = game.world;
      if (!w || x < 0 || y < 0 || x >= w.width || y >= w.height) return null;
      return fogAt(w, idx(w, x, y));
    },
    cellRect(x, y) {
      return view.cellPageRect(x, y);
    },
    get effects() {
      return [...view.effectsPlayed];
    },
    get lastUpdate() {
      return { ...view.lastUpdate };
    },
    log() {
      return store.getState().log.map(logText);
    },
    played() {
      return encodeActions(game.played);
    },
    get canvas() {
      const box = view.canvas.getBoundingClientRect();
      return { width: view.canvas.width, height: view.canvas.height, cssWidth: box.width, cssHeight: box.height, dpr: view.pixelRatio };
    },
  };
}
