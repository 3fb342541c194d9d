import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ERROR_CODES, ErrorBodySchema, isErrorCode } from '@shared/schemas/errors.ts';
import { BASE_ERROR_CODES } from 'better-auth';
import { describe, expect, it } from 'vitest';
import { lintWithBiomePlugin } from '../../../tests/setup/biome-plugin.ts';
import * as errors from './errors.ts';

const REPO = join(import.meta.dirname, '..', '..', '..');

describe('the error contract', () => {
  it('lint refuses an inline AppError outside lib/errors.ts (biome.json loads the plugin)', () => {
    const output = lintWithBiomePlugin('no-inline-app-error', {
      'src/server/lib/errors.ts':
        "export class AppError extends Error {}\nexport const gone = () => new AppError(410, 'Gone');\n",
      'src/server/features/forums.ts':
        "import { AppError } from '../lib/errors.ts';\nexport const taken = () => new AppError(409, 'Taken', 'SLUG_TAKEN');\n",
      'src/server/features/uploads.ts':
        "import { AppError } from '../lib/errors.ts';\nexport class TooLarge extends AppError {}\n",
    });
    expect(output).toMatch(/forums\.ts:2:\d+ plugin/);
    expect(output).toMatch(/uploads\.ts:2:\d+ plugin/);
    expect(output).not.toMatch(/lib\/errors\.ts:\d+:\d+ plugin/);
    expect(output).toContain('Found 2 errors.');
    const config = JSON.parse(readFileSync(join(REPO, 'biome.json'), 'utf8')) as { plugins?: string[] };
    expect(config.plugins).toContain('./lint/no-inline-app-error.grit');
  });

  it('lists every code better-auth may answer with', () => {
    const missing = Object.keys(BASE_ERROR_CODES).filter((code) => !isErrorCode(code));
    expect(missing).toEqual([]);
  });

  it('gives every factory a status and a listed code, and a body the shared schema reads back', () => {
    const samples = Object.values(errors)
      .filter((factory) => factory !== errors.AppError && factory !== errors.errorResponses)
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
