/**
 * The page's Content-Security-Policy (index.html) has no 'unsafe-eval'. Two libraries would
 * otherwise compile code with `new Function`: PixiJS 8 (shader and particle updaters; src/main.ts
 * imports `pixi.js/unsafe-eval` before anything draws, and it is repeated here so this module is
 * enough on its own) and zod 4 (its fast object parser; even its probe for eval is reported as a
 * violation). src/main.ts loads this module before the share code, the page's only zod user.
 */
import 'pixi.js/unsafe-eval';
import { z } from 'zod';

z.config({ jitless: true });
