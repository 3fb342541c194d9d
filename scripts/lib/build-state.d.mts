/** Declarations for build-state.mjs (plain JavaScript, so `npm start` needs no dev dependency). */
export declare const root: string;
export declare const distDir: string;
export declare const stampFile: string;
export declare function buildState(): 'missing' | 'stale' | 'fresh';
export declare function canBuild(): boolean;
export declare function isRelease(): boolean;
