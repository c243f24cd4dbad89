/** Registers the commands that live beside the core three: the designer, the balance lab, replays. */
import { addCommand } from '../main.ts';

addCommand('design', 'a d20 trap designer: CR, price and Craft DC', async () => (await import('./design.ts')).designCommand);
addCommand('sim', 'Monte Carlo runs of whole games, with 95% intervals', async () => (await import('./sim.ts')).simCommand);
addCommand('compare', 'rulesets or variants side by side on the same seeds', async () => (await import('./compare.ts')).compareCommand);
addCommand('sweep', 'a 1-D or 2-D grid of exact odds', async () => (await import('./sweep.ts')).sweepCommand);
addCommand('verify', "sample every odds check with the game's own sampler", async () => (await import('./verify.ts')).verifyCommand);
addCommand('assert', 'check the balance assertions', async () => (await import('./assert.ts')).assertCommand);
addCommand('replay', 'play a replay file headlessly: its log and final hash', async () => (await import('./replay.ts')).replayCommand);
