/**
 * The game controller: holds the running world, turns commands (from keys, clicks and buttons)
 * into core actions, and publishes what happened: a snapshot to the store for the panels, the
 * world and its events to the renderer. No DOM here, so the whole play loop runs in Node tests.
 *
 * The flow of one key: `translateKey` (keys.ts) gives a Command for the current mode; `handle`
 * either changes the mode (prompts, menus, look mode, overlays) or calls the core's `step`. A
 * step that would put the player on a known trap comes back with `confirmTrap`: the controller
 * opens the dialog, or, when the key is held down (auto-repeat), stops short and says so.
 */
import { type StepResult, newGame, step } from '../core/engine.ts';
import { scenarioWorld } from '../core/scenarioLevel.ts';
import type { GameEvent } from '../core/events.ts';
import { findTrapDef, getRuleset, trapNameIn } from '../core/registry.ts';
import type { RigOption, Ruleset } from '../core/ruleset.ts';
import { usableItems, useRefusal } from '../core/itemUse.ts';
import type { Action } from '../core/actions.ts';
import { chestAt, DIRECTIONS, inBounds, Terrain, terrainAt, type Trap, type World } from '../core/world.ts';
import type { Command } from './keys.ts';
import { capitalise } from '../core/words.ts';
import { describeCell } from './look.ts';
import { appendLog, hudOf, type OverState, patch, type UiStore } from './store.ts';
import type { GameOptions } from './url.ts';
import { LureLedger, type LureLedgerData, lureSentence } from '../sim/lure.ts';
import { rest, run, type TravelGoal, type TravelHost, travel } from './travelRun.ts';
import { applyEvents, player, trapAt, trapById, actorAt } from '../core/level.ts';
import { rigOddsText, stepPromptOdds } from '../core/stepOdds.ts';
import { disarmPromptOdds } from './lab/trapOdds.ts';

/** Called after a new world (fresh: true) or a step (its events, and the action the core accepted: replays record it). */
export type WorldListener = (world: World, events: readonly GameEvent[], fresh: boolean, action?: Action) => void;

type DirectionPurpose =
  | { kind: 'disarm' }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'kick' }
  | { kind: 'rig'; what: string; name: string }
  /** The trap designer's Place asks for a cell: a direction, or a click on the map (`pickCell`). */
  | { kind: 'place'; at: (x: number, y: number) => void };

/** The 8 directions by (dx, dy), for prompts. */
const DIRECTION_NAMES: Record<string, string> = {
  '0,-1': 'North',
  '1,-1': 'North-east',
  '1,0': 'East',
  '1,1': 'South-east',
  '0,1': 'South',
  '-1,1': 'South-west',
  '-1,0': 'West',
  '-1,-1': 'North-west',
};

const PROMPTS: Record<DirectionPurpose['kind'], string> = {
  disarm: 'Disarm which way? (direction, . for here, Esc to cancel)',
  open: 'Open which way? (direction, Esc to cancel)',
  close: 'Close which way? (direction, Esc to cancel)',
  kick: 'Kick which way? (direction, Esc to cancel)',
  rig: 'Rig it which way? (direction, . for here, Esc to cancel)',
  place: 'Place the designed trap where? (direction, . for here, or click a cell on the map; Esc to cancel)',
};

/**
 * The lines a game opens with. A hand-made level says what it is for (its name and its idea) and
 * where its stairs lead: on to generated levels down to the goal depth, or out (a win); elsewhere
 * the depth of the goal depth.
 */
export function introLines(world: World, ruleset: Ruleset, options: Pick<GameOptions, 'scenario'>): Array<{ text: string; tone: 'system' }> {
  const goal = world.settings.goalDepth as number;
  const s = options.scenario;
  const help = `${ruleset.name}. Press ? for help.`;
  if (!s || world.depth !== (s.depth ?? 1)) return [{ text: `Depth ${world.depth} of ${goal}, ${help}`, tone: 'system' }];
  const stairs = world.depth >= goal ? 'Its stairs down win the game' : `Its stairs down lead on to generated levels, down to depth ${goal}`;
  return [
    { text: `Scenario "${s.name}"${s.description ? `: ${s.description}` : '.'}`, tone: 'system' },
    { text: `${stairs}. ${help}`, tone: 'system' },
  ];
}

export class GameController {
  world: World | null = null;
  ruleset: Ruleset | null = null;
  options: GameOptions | null = null;
  /** Debug (`&reveal=1`): every trap on every level is known to the player. */
  reveal = false;
  /**
   * The actions played on this world since it was started or loaded: the share code loads after
   * the first level is drawn, and a player quick off the mark may have moved by then.
   */
  readonly played: Action[] = [];
  private purpose: DirectionPurpose | null = null;
  /** The action the open confirm window asks about (a step onto a known trap, opening a known trapped door or chest). */
  private pendingAction: Action | null = null;
  private readonly listeners: WorldListener[] = [];
  /** What traps did to monsters after the player, this game (the death screen's lure ledger). */
  private lure: LureLedger | null = null;

  constructor(readonly store: UiStore) {}

  onWorld(listener: WorldListener): void {
    this.listeners.push(listener);
  }

  /** Starts a game: a fresh level 1 from the options (its scenario's level, when it has one). */
  start(options: GameOptions, opts: { reveal?: boolean } = {}): World {
    if (options.scenario) return this.useWorld(scenarioWorld(options.scenario, options.ruleset, options.seed, options.settings), options, opts);
    const world = newGame({
      seed: options.seed,
      ruleset: options.ruleset,
      settings: options.settings,
      width: options.width,
      height: options.height,
      style: options.style,
    });
    return this.useWorld(world, options, opts);
  }

  /**
   * Plays an existing world (a scenario in tests, a saved game). `lure`: the ledger of the game so
   * far, when the world is a replayed game's end (else it counts from this world on).
   */
  useWorld(world: World, options: GameOptions, opts: { reveal?: boolean; lure?: LureLedgerData } = {}): World {
    const ruleset = getRuleset(world.ruleset);
    this.world = world;
    this.lure = new LureLedger(world, opts.lure);
    this.ruleset = ruleset;
    this.options = options;
    this.reveal = opts.reveal ?? false;
    this.played.length = 0;
    this.purpose = null;
    this.pendingAction = null;
    if (this.reveal) this.revealAll();
    this.store.setState({ log: [] });
    patch(this.store, {
      options,
      over: this.overState(),
      prompt: null,
      look: null,
      confirm: null,
      rigMenu: null,
      overlay: null,
      hud: hudOf(world, ruleset),
    });
    appendLog(this.store, introLines(world, ruleset, options), world.turn);
    for (const l of this.listeners) l(world, [], true);
    return world;
  }

  /** Runs one command; `repeat` is true for a held-down key's auto-repeat. */
  handle(cmd: Command, opts: { repeat?: boolean } = {}): void {
    const world = this.world;
    if (!world) return;
    const s = this.store.getState();

    // Overlays and dialogs first: they take the keys while open.
    if (s.overlay === 'help') {
      if (cmd.type === 'cancel' || cmd.type === 'help') patch(this.store, { overlay: null });
      return;
    }
    if (s.overlay === 'newGame' || s.overlay === 'designer' || s.overlay === 'share' || s.overlay === 'history') {
      if (cmd.type === 'cancel' || (cmd.type === 'history' && s.overlay === 'history')) patch(this.store, { overlay: null });
      return;
    }
    if (s.confirm) {
      // A held key's auto-repeat never answers: it opened the question, it must not say yes to it.
      if (opts.repeat) return;
      if (cmd.type === 'yes') this.confirmStep(true);
      else if (cmd.type === 'no' || cmd.type === 'cancel') this.confirmStep(false);
      return;
    }
    if (s.rigMenu) {
      if (cmd.type === 'cancel') patch(this.store, { rigMenu: null, menuFor: 'rig' });
      else if (cmd.type === 'select') this.chooseRig(cmd.index);
      return;
    }
    if (s.prompt) {
      if (cmd.type === 'cancel') {
        this.purpose = null;
        patch(this.store, { prompt: null });
      } else if (cmd.type === 'direction') this.answerDirection(cmd.dx, cmd.dy);
      return;
    }
    if (s.look) {
      if (cmd.type === 'cancel' || (cmd.type === 'travelHere' && !s.look.travel)) patch(this.store, { look: null });
      else if (cmd.type === 'cursor') this.lookAt(s.look.x + cmd.dx, s.look.y + cmd.dy, s.look.travel);
      else if (cmd.type === 'travelHere') {
        patch(this.store, { look: null });
        this.travelTo({ kind: 'cell', x: s.look.x, y: s.look.y });
      }
      return;
    }
    if (cmd.type === 'help') {
      patch(this.store, { overlay: 'help' });
      return;
    }
    if (cmd.type === 'newGame') {
      patch(this.store, { overlay: 'newGame' });
      return;
    }
    if (cmd.type === 'around') {
      patch(this.store, { around: !s.around });
      return;
    }
    if (cmd.type === 'history') {
      patch(this.store, { overlay: 'history', look: null });
      return;
    }
    if (s.over) return;

    switch (cmd.type) {
      case 'move':
        this.act({ type: 'move', dx: cmd.dx, dy: cmd.dy }, opts.repeat === true);
        return;
      case 'descend': {
        const hero = player(world);
        // Elsewhere than on the stairs, `>` walks there (if they have been seen).
        if (hero.x !== world.stairsDown[0] || hero.y !== world.stairsDown[1]) this.travelTo({ kind: 'stairs', which: 'down' });
        else this.act({ type: 'descend' }, false);
        return;
      }
      case 'stairsUp':
        this.travelTo({ kind: 'stairs', which: 'up' });
        return;
      case 'explore':
        this.travelTo({ kind: 'explore' });
        return;
      case 'run':
        run(this.travelHost(), cmd.dx, cmd.dy);
        return;
      case 'inventory': {
        const pack = player(world).inventory;
        const usable = usableItems(this.ruleset!, world.settings, player(world));
        const uses = usable.length > 0 ? ` q or a: ${usable.map((u) => `${u.use.verb} the ${u.name} (${u.use.effect})`).join('; ')}.` : '';
        this.say(pack.length > 0 ? `You carry: ${pack.map((i) => (i.count > 1 ? `${i.count} × ${i.name}` : i.name)).join(', ')}.${uses}` : 'You carry nothing.', 'info');
        return;
      }
      case 'explain':
        this.say(cmd.key === 'Q' ? 'There is nothing to quit: N starts a new game, and this one stays kept in this browser.' : 'Every turn is saved in this browser already; Share exports the game as a file or a link.', 'system');
        return;
      case 'unknownKey':
        this.say(`The ${cmd.key} key does nothing here. Press ? for the keys.`, 'system');
        return;
      case 'rest':
        rest(this.travelHost());
        return;
      case 'travel': {
        const hero = player(world);
        this.lookAt(hero.x, hero.y, true);
        return;
      }
      case 'wait':
      case 'search':
      case 'pickup':
      case 'trigger':
        this.act({ type: cmd.type }, false);
        return;
      case 'disarm':
        this.ask({ kind: 'disarm' });
        return;
      case 'open':
      case 'close':
      case 'kick': {
        // With exactly one door or chest to use, there is nothing to ask.
        const only = this.onlyCandidate(cmd.type);
        if (only) this.act({ type: cmd.type, dx: only[0], dy: only[1] }, false);
        else this.ask({ kind: cmd.type });
        return;
      }
      case 'rig': {
        const hero = player(world);
        // Each option that can be chosen with its odds, as the CLI's check reads them (a greyed one says why not).
        const options = this.ruleset!.rigOptions(world, hero).map((o) => (o.available ? { ...o, odds: rigOddsText(world, hero, o.id) } : o));
        if (options.length === 0) this.say('You have nothing you could rig here.', 'info');
        else patch(this.store, { rigMenu: options, menuFor: 'rig' });
        return;
      }
      case 'use':
        this.chooseUse(world);
        return;
      case 'look': {
        const hero = player(world);
        this.lookAt(hero.x, hero.y);
        return;
      }
      default:
        return;
    }
  }

  /** Look mode at (x, y) (a click on the map, or the cursor moving); clamped to the map. `travel`: the cursor picks where to walk. */
  lookAt(x: number, y: number, travel = false): void {
    const world = this.world;
    if (!world || !this.ruleset) return;
    const cx = Math.max(0, Math.min(world.width - 1, x));
    const cy = Math.max(0, Math.min(world.height - 1, y));
    const text = describeCell(world, this.ruleset, cx, cy, { reveal: this.reveal }) ?? '';
    patch(this.store, { look: { x: cx, y: cy, text: travel ? `Travel here? (Enter; Esc: never mind) ${text}` : text, ...(travel ? { travel: true } : {}) } });
  }

  /**
   * A click or a tap on the map: on a cell beside the hero, that move (an attack on a monster there, a
   * door opened, the question before a known trap); on the hero, a wait; further, travel there.
   */
  tapCell(x: number, y: number): void {
    const world = this.world;
    if (!world || world.over) return;
    const hero = player(world);
    const d = Math.max(Math.abs(x - hero.x), Math.abs(y - hero.y));
    // A direction asked for (disarm, open, kick, rig): a tap on the hero or beside it answers it.
    if (this.store.getState().prompt) {
      if (d <= 1) this.handle({ type: 'direction', dx: x - hero.x, dy: y - hero.y });
      return;
    }
    if (d === 0) this.handle({ type: 'wait' });
    else if (d === 1) this.handle({ type: 'move', dx: x - hero.x, dy: y - hero.y });
    else this.travelTo({ kind: 'cell', x, y });
  }

  /** Walks toward a goal step by step (ui/travelRun.ts): explore, the stairs, or a cell. */
  travelTo(goal: TravelGoal): number {
    return travel(this.travelHost(), goal);
  }

  /** What travel, run and rest play through: the game's own moves, asked about as the player's are. */
  private travelHost(): TravelHost {
    return {
      world: this.world,
      move: (action) => {
        const result = this.act(action, false);
        return { result, asked: this.store.getState().confirm !== null };
      },
      say: (text, tone) => this.say(text, tone),
    };
  }

  /** Asks for a cell (direction keys, `.`, or a click on the map) and hands it to `at`. */
  askPlace(at: (x: number, y: number) => void): void {
    if (!this.world) return;
    patch(this.store, { look: null, rigMenu: null, overlay: null });
    this.ask({ kind: 'place', at });
  }

  /** A click on the map answers a waiting `askPlace`; false when nothing asked for a cell. */
  pickCell(x: number, y: number): boolean {
    const p = this.purpose;
    if (p?.kind !== 'place' || !this.store.getState().prompt) return false;
    this.purpose = null;
    patch(this.store, { prompt: null });
    p.at(x, y);
    return true;
  }

  /** The death (or victory) screen's facts, once the game is over. */
  overState(): OverState | null {
    const world = this.world;
    if (!world?.over) return null;
    const lure = this.lure?.total();
    const sentence = lure ? lureSentence(lure) : null;
    return {
      won: world.over.won,
      dead: !player(world).alive,
      cause: world.over.cause,
      seed: world.seed,
      ruleset: world.ruleset,
      turn: world.turn,
      depth: world.depth,
      lure: sentence
        ? {
            sentence,
            kinds: [...this.lure!.kinds]
              .filter(([, c]) => c.hurt > 0 || c.killed > 0)
              .map(([kind, c]) => ({ name: findTrapDef(this.ruleset!, kind)?.name ?? kind, hurt: c.hurt, killed: c.killed }))
              .sort((a, b) => b.killed - a.killed || b.hurt - a.hurt || a.name.localeCompare(b.name)),
          }
        : null,
    };
  }

  // ------------------------------------------------------------------ internals

  private say(text: string, tone: 'info' | 'system' | 'trap' | 'danger'): void {
    appendLog(this.store, [{ text, tone }], this.world?.turn ?? 0);
  }

  private ask(purpose: DirectionPurpose): void {
    this.purpose = purpose;
    const odds = purpose.kind === 'disarm' ? this.disarmChoices() : '';
    patch(this.store, { prompt: odds ? `${PROMPTS[purpose.kind]} ${odds}` : PROMPTS[purpose.kind] });
  }

  /** The known traps within reach and the exact odds of disarming each: "East, the spear trap: disarmed 54% (13/24), sets it off 19%." */
  private disarmChoices(): string {
    const world = this.world;
    if (!world) return '';
    const hero = player(world);
    const out: string[] = [];
    for (const [dx, dy] of [[0, 0] as const, ...DIRECTIONS]) {
      const trap = trapAt(world, hero.x + dx, hero.y + dy);
      if (!trap?.knownBy.includes(hero.id)) continue;
      const where = dx === 0 && dy === 0 ? 'Here' : DIRECTION_NAMES[`${dx},${dy}`]!;
      out.push(`${where}, the ${this.ruleset ? trapNameIn(this.ruleset, trap) : trap.kind}: ${disarmPromptOdds(world, hero, trap)}`);
    }
    return out.join(' ');
  }

  private answerDirection(dx: number, dy: number): void {
    const p = this.purpose;
    this.purpose = null;
    patch(this.store, { prompt: null });
    if (!p) return;
    if (p.kind === 'place') {
      const hero = player(this.world!);
      p.at(hero.x + dx, hero.y + dy);
      return;
    }
    if (p.kind === 'rig') this.act({ type: 'rig', what: p.what, dx, dy }, false);
    else if (p.kind === 'disarm') this.act({ type: 'disarm', dx, dy }, false);
    else if (dx === 0 && dy === 0) this.say('Not here: choose a direction.', 'system');
    else this.act({ type: p.kind, dx, dy }, false);
  }

  /**
   * `q` / `a`: what the pack can use. One kind is used at once (the engine refuses it, in words, when
   * it would do nothing); several open the list, each greyed with its reason when it would do nothing now.
   */
  private chooseUse(world: World): void {
    const hero = player(world);
    const usable = usableItems(this.ruleset!, world.settings, hero);
    if (usable.length === 0) {
      this.say('You carry nothing you could use.', 'info');
      return;
    }
    if (usable.length === 1) {
      this.use(world, usable[0]!.kind);
      return;
    }
    const options: RigOption[] = usable.map((u) => {
      const why = useRefusal(world, hero, u.kind, this.ruleset!);
      return { id: u.kind, name: `${u.use.verb} ${u.count > 1 ? `a ${u.name} (${u.count})` : `the ${u.name}`}: ${u.use.effect}`, available: why === null, ...(why ? { reason: why } : {}), where: 'here' };
    });
    patch(this.store, { rigMenu: options, menuFor: 'use' });
  }

  private chooseRig(index: number): void {
    const { rigMenu, menuFor } = this.store.getState();
    const option = (rigMenu ?? [])[index];
    if (!option) return;
    if (!option.available) {
      this.say(option.reason ?? `You cannot ${option.name} now.`, 'system');
      return;
    }
    patch(this.store, { rigMenu: null, menuFor: 'rig' });
    if (menuFor === 'use') {
      this.use(this.world!, option.id);
      return;
    }
    // An option that always goes under you asks no direction (a direction would be refused).
    if (option.where === 'here') this.act({ type: 'rig', what: option.id, dx: 0, dy: 0 }, false);
    else this.ask({ kind: 'rig', what: option.id, name: option.name });
  }

  /** Uses an item of `kind`, asking first when it would heal little or nothing now (`ItemUse.wasted`). */
  private use(world: World, kind: string): void {
    const hero = player(world);
    const u = usableItems(this.ruleset!, world.settings, hero).find((i) => i.kind === kind);
    const wasted = u && useRefusal(world, hero, kind, this.ruleset!) === null ? (u.use.wasted?.(world, hero) ?? null) : null;
    if (!u || !wasted) {
      this.act({ type: 'use', what: kind }, false);
      return;
    }
    this.pendingAction = { type: 'use', what: kind };
    patch(this.store, { confirm: { text: `${wasted} ${capitalise(u.use.verb)} the ${u.name} anyway?`, go: `${capitalise(u.use.verb)} it`, stay: 'Keep it' } });
  }

  private confirmStep(go: boolean): void {
    const action = this.pendingAction;
    this.pendingAction = null;
    patch(this.store, { confirm: null });
    if (go && action) this.act(action.type === 'move' ? { ...action, confirm: true } : action, false, true);
  }

  /**
   * The known, armed trap a move, an opening or a kick would set going on a door or a chest (the
   * engine asks only before floor traps: it cannot know what the player was told), or null.
   */
  private knownHostedTrap(world: World, action: Action): Trap | null {
    if (action.type !== 'move' && action.type !== 'open' && action.type !== 'kick') return null;
    const hero = player(world);
    const x = hero.x + action.dx;
    const y = hero.y + action.dy;
    const t = terrainAt(world, x, y);
    const chest = chestAt(world, x, y);
    // A move opens a closed door or a closed chest; into anything else it sets no hosted trap off.
    if (action.type === 'move' && t !== Terrain.DoorClosed && t !== Terrain.DoorLocked && !(chest && !chest.open)) return null;
    return world.traps.find((tr) => tr.x === x && tr.y === y && tr.armed && tr.host.kind !== 'floor' && tr.knownBy.includes(world.playerId)) ?? null;
  }

  /** Neighbouring cells where open / close / kick would do something. */
  private onlyCandidate(kind: 'open' | 'close' | 'kick'): [number, number] | null {
    const world = this.world!;
    const hero = player(world);
    const found: Array<[number, number]> = [];
    for (const [dx, dy] of DIRECTIONS) {
      const x = hero.x + dx;
      const y = hero.y + dy;
      if (!inBounds(world, x, y)) continue;
      const t = terrainAt(world, x, y);
      const chest = chestAt(world, x, y);
      const ok =
        kind === 'open'
          ? t === Terrain.DoorClosed || t === Terrain.DoorLocked || (chest !== undefined && !chest.open)
          : kind === 'close'
            ? t === Terrain.DoorOpen && !actorAt(world, x, y)
            : t === Terrain.DoorClosed || t === Terrain.DoorLocked || chest !== undefined;
      if (ok) found.push([dx, dy]);
    }
    return found.length === 1 ? found[0]! : null;
  }

  /** Sends an action to the core and publishes the outcome. `confirmed`: the player said yes to a known trap on a door or chest. */
  private act(action: Action, repeat: boolean, confirmed = false): StepResult | null {
    const world = this.world;
    const ruleset = this.ruleset;
    if (!world || !ruleset || world.over) return null;
    const hosted = confirmed ? null : this.knownHostedTrap(world, action);
    if (hosted) {
      const name = trapNameIn(ruleset, hosted);
      const what = hosted.host.kind === 'chest' ? 'chest' : 'door';
      if (repeat) this.say(`You stop short of the ${what} with the ${name}.`, 'trap');
      else {
        this.pendingAction = action;
        const verb = action.type === 'kick' ? 'kick' : 'open';
        patch(this.store, {
          confirm: {
            text: `Really ${verb} the ${what} with the ${name}?`,
            trapName: name,
            go: `${verb === 'kick' ? 'Kick' : 'Open'} it`,
            odds: stepPromptOdds(world, player(world), hosted),
          },
        });
      }
      return null;
    }
    const result = step(world, action);
    if (result.confirmTrap) {
      if (repeat) {
        this.say(`You stop short of the ${result.confirmTrap.name}.`, 'trap');
      } else if (action.type === 'move') {
        this.pendingAction = { type: 'move', dx: action.dx, dy: action.dy };
        const trap = trapById(world, result.confirmTrap.trap);
        patch(this.store, {
          confirm: { text: result.refused ?? `Really step onto the ${result.confirmTrap.name}?`, trapName: result.confirmTrap.name, ...(trap ? { odds: stepPromptOdds(world, player(world), trap) } : {}) },
        });
      }
      return result;
    }
    if (result.refused) {
      this.say(result.refused, 'system');
      return result;
    }
    const events = result.events;
    this.played.push(structuredClone(action));
    this.lure?.afterStep(world, events);
    if (this.reveal && events.some((e) => e.type === 'levelEntered')) this.revealAll(events);
    appendLog(
      this.store,
      events.flatMap((e) => (e.type === 'message' ? [{ text: e.text, tone: e.tone }] : [])),
      world.turn,
    );
    patch(this.store, { hud: hudOf(world, ruleset), over: this.overState() });
    for (const l of this.listeners) l(world, events, false, action);
    return result;
  }

  /** The debug reveal goes through the core's own event, so the world stays replayable. */
  private revealAll(into?: GameEvent[]): void {
    const world = this.world!;
    const reveals: GameEvent[] = world.traps
      .filter((t) => !t.knownBy.includes(world.playerId))
      .map((t) => ({ type: 'trapRevealed', trap: t.id, kind: t.kind, to: world.playerId, how: 'told' }));
    applyEvents(world, reveals);
    into?.push(...reveals);
  }
}
