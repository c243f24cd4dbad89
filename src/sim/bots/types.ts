/** What a bot is: a player policy that picks the next action from the world it sees. */
import type { Action } from '../../core/actions.ts';
import type { World } from '../../core/world.ts';

export interface Bot {
  readonly name: string;
  /** The player's next action, or null to give up (no way forward). */
  act(world: World): Action | null;
  /** The game refused the last action (nothing happened): the bot should try something else. */
  refused?(world: World, action: Action, reason: string): void;
}

export interface BotInfo {
  name: string;
  description: string;
  create(world: World): Bot;
}
