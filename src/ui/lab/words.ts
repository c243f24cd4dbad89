/**
 * The page speaks of fields, not flags. The checks, sweeps and files word their refusals for the
 * command line ("check detect needs --visibility", "--vary difficulty: the step must not be 0");
 * in the page each flag becomes the name of the field that holds it, in quotes.
 */

/** `message` with every `--name` as the field's label (`label(name)`, else the name itself), quoted. */
export function fieldWords(message: string, label: (name: string) => string | undefined = () => undefined): string {
  return (
    message
      // "--vary difficulty: …": the varied input's own name follows.
      .replace(/--vary\s+(?=[a-z])/gi, '')
      .replace(/--([a-z][\w-]*)/gi, (_whole, name: string) => `“${label(name) ?? name}”`)
  );
}
