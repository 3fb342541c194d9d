/** Declarations for i18n-pseudo.mjs (plain JavaScript; the catalogue check compares its output). */
export declare function pseudoCatalogues(): Record<string, Record<string, string>>;
