// What the core and the rulesets may use beyond ES2022: globals that Node (17 and later), the
// page and its workers all have. Read only by tsconfig.core.json, which checks core and rulesets
// without the DOM and without Node's types.
declare function structuredClone<T>(value: T): T;
declare function btoa(data: string): string;
declare function atob(data: string): string;
