import { type ErrorBody, type ErrorCode, isErrorCode } from '@shared/schemas/errors.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDeadlock, isForeignKeyViolation, isUnstorableInput } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { validationIssue } from '../lib/validation-issues.ts';

/**
 * The one error handler: every failure leaves as JSON `{message, code?}` (ErrorBodySchema in
 * src/shared/schemas/errors.ts, whose ErrorCode lists every code sent here). Messages of 4xx errors are
 * written for users; 5xx details (stack, SQL) go to the log only.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        const body: ErrorBody = error.code
          ? { message: error.message, code: error.code, ...error.details }
          : { message: error.message };
        return reply.status(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldOf = (path: string) => path.replace(/^\//, '').replaceAll('/', '.');
        const details = error.validation.map((issue) => {
          const field = fieldOf(issue.instancePath);
          return field ? `${field}: ${issue.message}` : issue.message;
        });
        // The same problems as data, so the client can say them in the member's language.
        const issues = error.validation.map((issue) =>
          validationIssue(
            fieldOf(issue.instancePath).split('.').filter(Boolean),
            issue.keyword,
            issue.params,
          ),
        );
        return reply
          .status(400)
          .send({ message: details.join('; '), code: 'VALIDATION_ERROR', issues } satisfies ErrorBody);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
      }
      if (isUnstorableInput(error)) {
        return reply.status(400).send({
          message:
            'The request contains characters or values that cannot be stored (for example a NUL character).',
          code: 'UNSTORABLE_INPUT',
        });
      }
      // The last line behind the services, which map these where they happen (community.shared.ts):
      // a row another request removed a moment ago, or a deadlock that lost its one retry.
      if (isForeignKeyViolation(error) || isDeadlock(error)) {
        request.log.warn({ err: error }, 'write conflicted with another');
        return reply.status(409).send({
          message: 'Something changed at the same moment. Please reload and try again.',
          code: 'CONFLICT',
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send({ message: 'Something went wrong on our side. Please try again.' });
      }
      const known: Record<string, string> = {
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (the limit is 1 MB).',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON or no content type.',
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
      };
      const message =
        (error.code && known[error.code]) ??
        (error.name === 'SyntaxError' ? 'The request body is not valid JSON.' : error.message);
      // Fastify's own codes (FST_ERR_*) pass as they are; anything else unnamed is a bad request.
      const code: ErrorCode = isErrorCode(error.code) ? error.code : 'BAD_REQUEST';
      return reply.status(status).send({ message, code } satisfies ErrorBody);
    });
  },
  { name: 'errors' },
);
