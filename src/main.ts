/**
 * The browser entry: starts the page. The rulesets are registered by `src/rulesets/index.ts`,
 * loaded once by the page after the first level is drawn (the one the link asks for is loaded on
 * its own before that: `ui/rulesets.ts`). Whatever goes wrong at start-up is written on the page:
 * never a blank page.
 *
 * Links, saves and replays (`ui/share`) load after the game is on screen, so their code (and zod,
 * which checks files and links) is not part of the first load.
 */
// First: no eval anywhere (the page's Content-Security-Policy has no 'unsafe-eval'). PixiJS's
// no-eval paths must be in place before anything draws; zod's setting comes with the share code.
import 'pixi.js/unsafe-eval';
import './ui/style.css';
import { startApp } from './ui/app.ts';

// Read before the game writes its own address (a game link's #g=... would be gone).
const arrival = { href: location.href, search: location.search, hash: location.hash };

const root = document.getElementById('app');
if (root) {
  startApp(root)
    .then(async (app) => {
      if (!app) return;
      await import('./ui/share/csp.ts');
      const share = await import('./ui/share/index.ts');
      share.mountShare(app, share.readArrival(arrival));
    })
    .catch((e: unknown) => {
      const p = document.createElement('p');
      p.className = 'fatal';
      p.setAttribute('role', 'alert');
      p.textContent = `Trapsmith could not start: ${e instanceof Error ? e.message : String(e)}`;
      root.append(p);
      console.error(e);
    });
}
