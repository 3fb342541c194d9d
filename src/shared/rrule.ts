import * as rruleModule from 'rrule';

/**
 * The rrule library, however it was loaded. Bundlers (the client, Vitest) read its ES module
 * ("module" in its package.json) and get the names directly; Node's own ESM loader (the built
 * server) reads its UMD "main", whose names it cannot detect, so they sit on the default export.
 */
type RRuleModule = typeof rruleModule;
const loaded: RRuleModule = (rruleModule as unknown as { default?: RRuleModule }).default ?? rruleModule;

export const RRule = loaded.RRule;
