/** Declarations for production-smoke.mjs (plain JavaScript; the deploy-files test reads COMMANDS). */
export declare const COMMANDS: {
  release: string[];
  unpack: (tarball: string, folder: string) => string[];
  install: string[];
  start: string[];
};
