/** Registers the commands that live in other areas (the designer, the balance lab, replays). */
export {};
