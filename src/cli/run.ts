/** The bundled CLI's entry (src/cli/bundle.mjs builds dist-cli/trapsmith.js from it): runs the command line. */
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
