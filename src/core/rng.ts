/**
 * Named random streams derived from the game seed.
 *
 * Each stream is a rot.js RNG clone (Alea) seeded from a hash of the game seed and the stream's
 * name, so two rulesets on one seed share the map, monster and placement streams and differ only
 * where their trap rules draw (common random numbers). States are plain number arrays: they
 * serialise to JSON and back exactly.
 */
import { RNG } from 'rot-js';

export type RngState = number[];

/** The streams the game uses. Adding a name here adds a stream to every new world. */
export const STREAM_NAMES = ['map', 'monsters', 'placement', 'traps', 'player', 'combat', 'items'] as const;
export type StreamName = (typeof STREAM_NAMES)[number];

type RotRng = ReturnType<typeof RNG.clone>;

/** The subset of an RNG the game draws from; rulesets and the prob sampler take this. */
export interface Random {
  /** Uniform float in [0, 1). */
  uniform(): number;
  /** Uniform integer in [lo, hi], both inclusive (lo <= hi). */
  int(lo: number, hi: number): number;
  /** A normally distributed float. */
  normal(mean: number, sd: number): number;
}

/** cyrb53: a small, well-mixed 53-bit string hash; only used to derive seeds. */
export function hashString(text: string, salt = 0): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A 32-bit positive seed for a stream (rot.js treats seeds < 1 specially, so keep it >= 1). */
export function streamSeed(gameSeed: string, stream: string): number {
  return (hashString(`${gameSeed}\u0000${stream}`) % 4294967295) + 1;
}

/** A live stream: wraps one rot.js RNG clone. */
export class Stream implements Random {
  private readonly rng: RotRng;
  constructor(state: RngState) {
    this.rng = RNG.clone();
    this.rng.setState(state);
  }
  static fromSeed(seed: number): Stream {
    const rng = RNG.clone();
    rng.setSeed(seed);
    return new Stream(rng.getState());
  }
  uniform(): number {
    return this.rng.getUniform();
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rng.getUniform() * (hi - lo + 1));
  }
  normal(mean: number, sd: number): number {
    return this.rng.getNormal(mean, sd);
  }
  /** A 32-bit integer, for seeding rot.js's global RNG before a map generator runs. */
  seed32(): number {
    return 1 + Math.floor(this.rng.getUniform() * 4294967295);
  }
  state(): RngState {
    return this.rng.getState();
  }
}

/** Initial states of every stream for a game seed. */
export function initialStreams(gameSeed: string): Record<StreamName, RngState> {
  const out = {} as Record<StreamName, RngState>;
  for (const name of STREAM_NAMES) out[name] = Stream.fromSeed(streamSeed(gameSeed, name)).state();
  return out;
}

/** A level's streams: the game seed plus depth, so every level of one game differs but replays. */
export function levelSeed(gameSeed: string, depth: number): string {
  return depth <= 1 ? gameSeed : `${gameSeed}#${depth}`;
}

/** The live streams of one step: created from the world's states, written back at the end. */
export class Streams {
  private readonly live = new Map<StreamName, Stream>();
  constructor(private states: Record<StreamName, RngState>) {}
  // The stream asked for last: a turn asks for the monsters' stream once per monster.
  private lastName: StreamName | null = null;
  private lastStream: Stream | null = null;
  /** Starts over from new states (a new level), dropping this step's draws on the old ones. */
  reset(states: Record<StreamName, RngState>): void {
    this.states = states;
    this.live.clear();
    this.lastName = null;
    this.lastStream = null;
  }
  get(name: StreamName): Stream {
    if (name === this.lastName) return this.lastStream!;
    let s = this.live.get(name);
    if (!s) {
      s = new Stream(this.states[name]);
      this.live.set(name, s);
    }
    this.lastName = name;
    this.lastStream = s;
    return s;
  }
  /**
   * States after this step's draws (untouched streams keep their old state object). A new object
   * every time, always with the streams in one order: one shape, read and written by name.
   */
  snapshot(): Record<StreamName, RngState> {
    return {
      map: this.stateOf('map'),
      monsters: this.stateOf('monsters'),
      placement: this.stateOf('placement'),
      traps: this.stateOf('traps'),
      player: this.stateOf('player'),
      combat: this.stateOf('combat'),
      items: this.stateOf('items'),
    };
  }
  // A method rather than a closure made per snapshot: one fewer object a step, and nothing for
  // tsx's keepNames (which the CLI and the bench run under) to rename on every call.
  private stateOf(name: StreamName): RngState {
    return this.live.get(name)?.state() ?? this.states[name];
  }
  touched(): boolean {
    return this.live.size > 0;
  }
}

/**
 * Runs a rot.js map generator with the global RNG seeded from our map stream, then restores
 * nothing: the global RNG is never used for game logic, so its leftover state does not matter.
 */
export function withGlobalRngSeed<T>(seed: number, fn: () => T): T {
  RNG.setSeed(seed);
  return fn();
}
