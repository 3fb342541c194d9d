// Must fail: client code runs in the browser, where there is no node:fs.
import fs from 'node:fs';

export const value = fs;
