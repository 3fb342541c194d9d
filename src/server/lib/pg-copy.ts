import type pg from 'pg';

/**
 * `COPY ... TO STDOUT` and `COPY ... FROM STDIN` on a node-postgres client, without an extra
 * package: pg hands CopyData messages to the active query object (a "submittable"), which is all
 * the COPY sub-protocol needs. Used by the backup (src/server/features/backup).
 */
type Connection = {
  query: (text: string) => void;
  sendCopyFromChunk: (chunk: Buffer) => void;
  endCopyFrom: () => void;
  sendCopyFail: (message: string) => void;
  stream: NodeJS.WritableStream & { writableNeedDrain?: boolean };
};

type Settle = { resolve: () => void; reject: (error: Error) => void };

function submittable(text: string, settle: Settle, handlers: Record<string, unknown>) {
  let failure: Error | undefined;
  return {
    submit: (connection: Connection) => connection.query(text),
    handleError: (error: Error) => {
      failure = error;
    },
    handleReadyForQuery: () => (failure ? settle.reject(failure) : settle.resolve()),
    handleCommandComplete: () => {},
    handleRowDescription: () => {},
    handleDataRow: () => {},
    handleEmptyQuery: () => {},
    handlePortalSuspended: () => {},
    handleCopyData: () => {},
    handleCopyInResponse: (connection: Connection) => connection.sendCopyFail('no data'),
    ...handlers,
  };
}

/** Runs a `COPY ... TO STDOUT` and hands each chunk of its output to `onChunk` (in order). */
export function copyOut(client: pg.ClientBase, sql: string, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const query = submittable(
      sql,
      { resolve, reject },
      { handleCopyData: (message: { chunk: Buffer }) => onChunk(message.chunk) },
    );
    (client as unknown as { query: (q: unknown) => void }).query(query);
  });
}

/** Runs a `COPY ... FROM STDIN`, sending the chunks of `source` with the socket's back-pressure. */
export function copyIn(client: pg.ClientBase, sql: string, source: AsyncIterable<Buffer>): Promise<void> {
  return new Promise((resolve, reject) => {
    const query = submittable(
      sql,
      { resolve, reject },
      {
        handleCopyInResponse: (connection: Connection) => {
          void (async () => {
            try {
              for await (const chunk of source) {
                connection.sendCopyFromChunk(chunk);
                if (connection.stream.writableNeedDrain) {
                  await new Promise((done) => connection.stream.once('drain', done));
                }
              }
              connection.endCopyFrom();
            } catch (error) {
              connection.sendCopyFail(error instanceof Error ? error.message : String(error));
            }
          })();
        },
      },
    );
    (client as unknown as { query: (q: unknown) => void }).query(query);
  });
}
