/** Declarations for server-flags.mjs (plain JavaScript, so `npm start` needs no dev dependency). */
export declare const SERVER_V8_FLAGS: readonly string[];
export declare function missingServerFlags(execArgv: readonly string[], nodeOptions?: string): string[];
export declare const SERVER_ENV: Readonly<Record<string, string>>;
export declare function missingServerEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string>;
