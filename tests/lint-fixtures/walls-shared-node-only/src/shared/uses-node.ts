// Must fail: src/shared runs in the browser too.
import fs from 'node:fs';
import pg from 'pg';
import { z } from 'zod';

export const value = [fs, pg, z];
