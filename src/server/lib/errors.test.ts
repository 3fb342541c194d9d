import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { APP_ERROR_CODES, ErrorBodySchema, isErrorCode } from '@shared/schemas/errors.ts';
import { BASE_ERROR_CODES } from 'better-auth';
import { describe, expect, it } from 'vitest';
import * as errors from './errors.ts';

const SERVER_DIR = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the error contract', () => {
  it('builds every AppError through a named factory in lib/errors.ts', () => {
    const inline = sourceFiles(SERVER_DIR)
      .filter((path) => !path.endsWith(join('lib', 'errors.ts')))
      .filter((path) => /\bnew AppError\(|\bextends AppError\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SERVER_DIR, path));
    expect(inline).toEqual([]);
  });

  it('lists every code better-auth may answer with', () => {
    const missing = Object.keys(BASE_ERROR_CODES).filter((code) => !isErrorCode(code));
    expect(missing).toEqual([]);
  });

  it('gives every factory a status and a listed code, and a body the shared schema reads back', () => {
    const samples = Object.values(errors)
      .filter((factory) => factory !== errors.AppError)
      .map((factory) => (factory as (...args: unknown[]) => errors.AppError)('a reason', null));
    expect(samples.length).toBeGreaterThan(30);
    for (const error of samples) {
      expect(error).toBeInstanceOf(errors.AppError);
      expect(error.statusCode).toBeGreaterThanOrEqual(400);
      if (error.code) expect(APP_ERROR_CODES).toContain(error.code);
      const body = { message: error.message, code: error.code, ...error.details };
      expect(ErrorBodySchema.parse(body)).toEqual(body);
    }
  });

  it('carries the end of a mute in the body', () => {
    const error = errors.muted('You are muted for 3 days.', '2030-01-01T00:00:00.000Z');
    expect(error).toMatchObject({
      statusCode: 403,
      code: 'MUTED',
      details: { mutedUntil: '2030-01-01T00:00:00.000Z' },
    });
  });

  it('drops a code the list does not know yet, and keeps the message', () => {
    expect(ErrorBodySchema.parse({ message: 'New rule', code: 'SOMETHING_NEW' })).toEqual({
      message: 'New rule',
      code: undefined,
    });
    expect(ErrorBodySchema.parse({ message: 'Too big', code: 'FST_ERR_CTP_BODY_TOO_LARGE' }).code).toBe(
      'FST_ERR_CTP_BODY_TOO_LARGE',
    );
  });
});
