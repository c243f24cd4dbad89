/**
 * Events: typed facts about what happened. A level applies them to its world (`Level.apply` in
 * level.ts, the only writer of a world in play); the renderer animates them, the UI logs them, the
 * simulator counts them. A step's events, applied in order to the world it began from, give the
 * world it ended with.
 */
import type { RngState, StreamName } from './rng.ts';
import type { Actor, BodyPart, Chest, Item, MonsterMind, Trap, Traits } from './world.ts';

export type Tone = 'info' | 'good' | 'bad' | 'danger' | 'trap' | 'system';

export type MoveHow = 'walk' | 'push' | 'teleport' | 'fall' | 'swap';

export type TriggerHow = 'step' | 'door' | 'chest' | 'disarm' | 'rig' | 'manual' | 'timed' | 'proximity' | 'leave' | 'fight';

export interface ActorChanges {
  hp?: number;
  maxHp?: number;
  parts?: Record<string, BodyPart>;
  /** Merged into the actor's traits. */
  traits?: Traits;
  /** Merged into the actor's status; a value of 0 removes the entry. */
  status?: Record<string, number>;
  ai?: MonsterMind;
  speed?: number;
  flying?: boolean;
  xp?: number;
  alive?: boolean;
  inventory?: Item[];
  faction?: Actor['faction'];
  kind?: string;
  name?: string;
  glyph?: string;
  colour?: string;
  nextAct?: number;
}

export type GameEvent =
  /** From (fromX, fromY) to (x, y). Plain numbers, not pairs: most of a turn's events are moves and acts. */
  | { type: 'moved'; actor: number; fromX: number; fromY: number; x: number; y: number; how: MoveHow }
  | { type: 'attacked'; source: string; attacker: number | null; target: number; result: 'miss' | 'hit' | 'hard' }
  | {
      type: 'damaged';
      actor: number;
      amount: number;
      part?: string;
      damageType?: string;
      cause: string;
      trap?: number;
      trapKind?: string;
    }
  | { type: 'died'; actor: number; cause: string; trap?: number; trapKind?: string; killer?: number | null }
  | { type: 'actorUpdated'; actor: number; changes: ActorChanges }
  | { type: 'actorAdded'; actor: Actor }
  | { type: 'trapPlaced'; trap: Trap }
  | { type: 'trapTriggered'; trap: number; kind: string; actor: number | null; x: number; y: number; how: TriggerHow }
  | { type: 'trapAvoided'; trap: number; kind: string; actor: number; x: number; y: number }
  | { type: 'trapRevealed'; trap: number; kind: string; to: number; how: 'search' | 'passing' | 'triggered' | 'seen' | 'heard' | 'own' | 'told' }
  | { type: 'trapChanged'; trap: number; changes: Partial<Omit<Trap, 'id'>> }
  | { type: 'trapRemoved'; trap: number; kind: string; why: 'disarmed' | 'spent' | 'sprung' | 'destroyed' | 'dispelled' }
  | { type: 'disarmAttempted'; trap: number; kind: string; actor: number; result: string }
  | { type: 'rigAttempted'; what: string; actor: number; x: number; y: number; result: string }
  | { type: 'noise'; x: number; y: number; volume: number; source: string }
  | { type: 'message'; text: string; tone: Tone }
  | { type: 'terrainChanged'; x: number; y: number; terrain: number }
  | { type: 'itemPlaced'; item: Item }
  | { type: 'itemRemoved'; item: number }
  | { type: 'chestChanged'; chest: number; changes: Partial<Omit<Chest, 'id'>> }
  | { type: 'chestRemoved'; chest: number }
  | {
      type: 'effect';
      effect: 'flash' | 'blast' | 'line' | 'projectile' | 'teleport';
      cells: Array<[number, number]>;
      colour: string;
      source: string;
    }
  | { type: 'refused'; reason: string }
  /**
   * The actor's next action is due at `nextAct`. `round`: the event ends an action the actor
   * performed, begun in that round; rulesets that count actions per round count it.
   */
  | { type: 'acted'; actor: number; nextAct: number; round?: number }
  | { type: 'clock'; time: number; turn: number }
  | { type: 'rng'; states: Record<StreamName, RngState> }
  | { type: 'nextId'; nextId: number }
  | { type: 'viewUpdated' }
  | { type: 'levelEntered'; depth: number; world: string }
  | { type: 'gameOver'; won: boolean; cause: string; turn: number };
