import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { retryOnDeadlock } from '../lib/db-errors.ts';
import { invalidField, muted, payloadTooLarge, tooManyRequests } from '../lib/errors.ts';
import { errorsPlugin } from './errors.ts';

/** What PostgreSQL errors look like when they reach us: pg's error, or Drizzle's with a `cause`. */
const pgError = (code: string, wrapped = false) => {
  const error = Object.assign(new Error(`update or delete on table "forum_posts" violates ... (${code})`), {
    code,
  });
  return wrapped ? Object.assign(new Error('Failed query: insert into ...'), { cause: error }) : error;
};

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/fails', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return response;
}

describe('the error handler, behind the services', () => {
  it.each([
    ['a foreign-key violation', pgError('23503')],
    ['a foreign-key violation wrapped by Drizzle', pgError('23503', true)],
    ['a deadlock that lost its retry', pgError('40P01', true)],
  ])('answers %s with a 409, no SQL', async (_label, error) => {
    const response = await answerTo(error);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Something changed at the same moment. Please reload and try again.',
      code: 'CONFLICT',
    });
  });

  it('still answers anything else unknown with a 500 that says nothing', async () => {
    const response = await answerTo(pgError('42P01'));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/forum_posts|violates/);
  });
});

describe('the error handler, for errors a factory built', () => {
  it('sends the message, the listed code and the extra fields of the body', async () => {
    const response = await answerTo(muted('You are muted for 3 days.', '2030-01-01T00:00:00.000Z'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'You are muted for 3 days.',
      code: 'MUTED',
      mutedUntil: '2030-01-01T00:00:00.000Z',
    });
  });

  it('carries Retry-After on a limit', async () => {
    const response = await answerTo(tooManyRequests('Please wait a little.', 42));
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('42');
    // The seconds travel in the body too, for the client's sentence in the member's language.
    expect(response.json()).toEqual({
      message: 'Please wait a little.',
      code: 'RATE_LIMITED',
      retryAfterSeconds: 42,
    });
  });

  it('names the limit of a file too large, in bytes', async () => {
    const response = await answerTo(payloadTooLarge('The picture is larger than 10 MB.', 10 * 1024 * 1024));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'The picture is larger than 10 MB.',
      code: 'PAYLOAD_TOO_LARGE',
      limitBytes: 10 * 1024 * 1024,
    });
  });

  it("keeps Fastify's own 4xx codes and names any other unnamed 4xx a bad request", async () => {
    const thrown = (message: string, statusCode: number, code: string) =>
      Object.assign(new Error(message), { statusCode, code });
    const framework = thrown('x', 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE');
    expect((await answerTo(framework)).json()).toEqual({
      message: 'Send the request body as JSON.',
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    });
    const other = thrown('The thing was refused.', 400, 'SOME_LIBRARY_CODE');
    expect((await answerTo(other)).json()).toEqual({
      message: 'The thing was refused.',
      code: 'BAD_REQUEST',
    });
  });
});

describe('retryOnDeadlock', () => {
  it('runs the work once more after a deadlock, and only once by default', async () => {
    let calls = 0;
    const once = await retryOnDeadlock(
      async () => {
        calls += 1;
        if (calls === 1) throw pgError('40P01', true);
        return 'done';
      },
      { pauseMs: 1 },
    );
    expect(once).toBe('done');
    expect(calls).toBe(2);

    calls = 0;
    const always = retryOnDeadlock(
      async () => {
        calls += 1;
        throw pgError('40P01');
      },
      { pauseMs: 1 },
    );
    await expect(always).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(2);
  });

  it('never repeats other failures', async () => {
    let calls = 0;
    const failing = retryOnDeadlock(async () => {
      calls += 1;
      throw pgError('23503');
    });
    await expect(failing).rejects.toMatchObject({ code: '23503' });
    expect(calls).toBe(1);
  });
});

describe('a VALIDATION_ERROR lists its problems as data beside the unchanged message', () => {
  async function postTo(payload: Record<string, unknown>) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.withTypeProvider<ZodTypeProvider>().post(
      '/posts',
      {
        schema: {
          body: z.object({
            title: z.string().min(3),
            tags: z.array(z.string()).max(1),
            email: z.email(),
            count: z.number().int().min(1).max(10),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    const response = await app.inject({ method: 'POST', url: '/posts', payload });
    await app.close();
    return response;
  }

  it('field, zod code, what the bound counts, and the bound', async () => {
    const response = await postTo({ title: 'Hi', tags: ['a', 'b'], email: 'nope', count: 11 });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(ErrorBodySchema.parse(body)).toEqual(body);
    expect(body.code).toBe('VALIDATION_ERROR');
    // The English sentence is what it always was: "field: zod's message", joined by "; ".
    expect(body.message).toMatch(/^title: .+; tags: .+; email: .+; count: .+$/);
    expect(body.issues).toEqual([
      { field: 'title', code: 'too_small', origin: 'string', minimum: 3 },
      { field: 'tags', code: 'too_big', origin: 'array', maximum: 1 },
      { field: 'email', code: 'invalid_format' },
      { field: 'count', code: 'too_big', origin: 'number', maximum: 10 },
    ]);
  });

  it('a missing field is an invalid_type issue; a rule a service checks is a custom one', async () => {
    const missing = (await postTo({ tags: [], email: 'a@b.co', count: 1 })).json();
    expect(missing.issues).toEqual([{ field: 'title', code: 'invalid_type' }]);
    const refused = (await answerTo(invalidField('size', 'is required'))).json();
    expect(refused).toEqual({
      message: 'size: is required',
      code: 'VALIDATION_ERROR',
      issues: [{ field: 'size', code: 'custom' }],
    });
  });
});
