/** Registers the commands that live in other areas (the designer, the balance lab, replays). */
import { addCommand } from '../main.ts';

addCommand('design', 'a d20 trap designer: CR, price and Craft DC', async () => {
  const { designCommand } = await import('./design.ts');
  return designCommand;
});

addCommand('replay', 'play a replay file headlessly: its log and final hash', async () => (await import('./replay.ts')).replayCommand);
