/**
 * Size limits for everything that arrives from outside (files, links, saves). They are far above
 * any real game (a 5,000-turn game is about 5,000 actions, 10 kB in a link) and low enough that a
 * hostile input is refused before it costs seconds of work or hundreds of megabytes.
 */
export const LIMITS = {
  /** A replay or save file, in characters (UTF-16 code units) of its JSON text. */
  fileChars: 8_000_000,
  /**
   * The compressed part of a link (after `#g=`). A game on a trap file carries the file too (at
   * most MAX_TRAP_FILE_BYTES, 256 kB, of JSON, core/traps/schema.ts): a designer's file of a few
   * kinds adds about a thousand characters (the examples in examples/traps: 500 to 900); one that
   * compresses badly may not fit, and Share then offers the replay file instead (a link it would
   * refuse is never offered).
   */
  linkChars: 200_000,
  /** What a link may decompress to, its trap file included: checked before lz-string builds the text (quadratic blow-up). */
  linkDecompressedChars: 4_000_000,
  /** Player actions in one replay: far above a real game, and the bound on how long replaying one can take. */
  actions: 100_000,
  /** Seed text. */
  seedChars: 200,
  /** The optional name of a replay or save (shown in the UI as text, never as HTML). */
  nameChars: 200,
  /** Settings entries, and the length of a text setting. */
  settings: 200,
  settingChars: 200,
  /** Message log lines kept (the page's log panel, and the log a save restores). */
  logLines: 500,
} as const;
