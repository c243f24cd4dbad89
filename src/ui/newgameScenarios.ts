/**
 * The New game panel's Scenarios section: play a hand-made level (core/scenario.ts) instead of a
 * generated one. It lists the shipped scenarios (examples/scenarios, ui/scenarios.ts), each with
 * its ruleset, its idea and a Play button; "Open a scenario file…" plays one the player has (a bad
 * file shows its ScenarioError, naming each field, and changes nothing); "Level editor…" opens
 * the editor on the level on screen. The seed is the panel's: a scenario's level is the same for
 * every seed, the seed gives the dice.
 *
 * Loaded the first time the panel opens (newgame.ts), with the scenario reader.
 */
import './newgameScenarios.css';
import type { Scenario } from '../core/scenario.ts';
import { h, onFilePicked } from './dom.ts';
import { rulesetDisplayName } from './rulesets.ts';
import { playableScenario, readScenarioFile, SHIPPED_SCENARIOS } from './scenarios.ts';
import type { GameOptions } from './url.ts';

export interface ScenarioSectionOptions {
  /** The seed the panel's field holds now. */
  seed(): string;
  /** Starts the game (the panel's start). */
  play(o: GameOptions): void;
  /** Opens the level editor; absent where there is none. */
  edit?(): void;
  /** The scenario of the running game, offered again first; absent for a generated level. */
  current?: Scenario;
}

export function scenarioSection(opts: ScenarioSectionOptions): HTMLElement {
  const error = h('p', { class: 'scenario-error', role: 'alert', hidden: true });
  const showError = (message: string) => {
    error.textContent = `${message}. Nothing was changed.`;
    error.hidden = false;
  };
  const play = async (s: Scenario, source: string) => {
    error.hidden = true;
    const ready = await playableScenario(s, opts.seed().trim() || 'scenario', source);
    if ('error' in ready) showError(ready.error);
    else opts.play(ready.options);
  };
  const row = (s: Scenario, source: string, name: string) =>
    h(
      'li',
      { class: 'scenario', 'data-scenario': name },
      h('div', { class: 'scenario-head' }, h('strong', {}, s.name), h('span', { class: 'hint' }, ` ${rulesetDisplayName(s.ruleset)}, ${s.map[0]!.length}×${s.map.length}`), h('button', { type: 'button', class: 'play-scenario', onclick: () => void play(s, source) }, 'Play')),
      s.description ? h('p', { class: 'scenario-description' }, s.description) : null,
    );
  const list = h(
    'ul',
    { class: 'scenario-list' },
    opts.current ? row(opts.current, 'the scenario you are playing', 'current') : null,
    ...SHIPPED_SCENARIOS.map((x) => row(x.scenario, `${x.name}.json`, x.name)),
  );
  const input = h('input', { type: 'file', accept: '.json,application/json', class: 'scenario-file-input', hidden: true });
  onFilePicked(
    input,
    async (name, text) => {
      const read = readScenarioFile(text, name);
      if ('error' in read) showError(read.error);
      else await play(read.scenario, name);
    },
    showError,
  );
  const buttons = h(
    'div',
    { class: 'scenario-buttons' },
    h('button', { type: 'button', class: 'open-scenario', onclick: () => input.click() }, 'Open a scenario file…'),
    input,
    opts.edit ? h('button', { type: 'button', class: 'open-editor', onclick: () => opts.edit!() }, 'Level editor…') : null,
  );
  const el = h('details', { class: 'scenarios panel-section' }, h('summary', {}, 'Scenarios: hand-made levels'), list, buttons, error);
  return el;
}
