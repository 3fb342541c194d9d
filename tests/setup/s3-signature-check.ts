import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * s3rver stores what it is sent but does not check version 4 signatures, which is where S3 refuses
 * a presigned PUT whose signed headers (such as Content-Length) differ from the request. This
 * proxy stands in front of it and does that one check as S3 does: for a request carrying
 * `X-Amz-Signature` in its query, it signs the request again from what actually arrived (its
 * method, path, query and the headers named in `X-Amz-SignedHeaders`) with the same key and time,
 * and answers 403 SignatureDoesNotMatch when the signatures differ. Everything else passes through.
 */
export type SignatureCheckingProxy = { url: string; refused: () => number; close: () => Promise<void> };

class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret
      ? createHmac('sha256', typeof secret === 'string' ? secret : Buffer.from(secret as ArrayBuffer))
      : createHash('sha256');
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(typeof data === 'string' ? data : Buffer.from(data as ArrayBuffer));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

/** The query parameters presigning adds; they are made again when signing. */
const SIGNING_PARAMETERS = [
  'X-Amz-Signature',
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Content-Sha256',
];

async function hasValidSignature(
  request: http.IncomingMessage,
  credentials: { accessKeyId: string; secretAccessKey: string },
): Promise<boolean> {
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
  const query = Object.fromEntries(url.searchParams);
  const date = query['X-Amz-Date'] ?? '';
  const signingDate = new Date(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
  );
  const [, , region, service] = (query['X-Amz-Credential'] ?? '').split('/');
  const headers: Record<string, string> = {};
  for (const name of (query['X-Amz-SignedHeaders'] ?? '').split(';')) {
    headers[name] = String(request.headers[name] ?? '');
  }
  if (query['X-Amz-Content-Sha256']) headers['X-Amz-Content-Sha256'] = query['X-Amz-Content-Sha256'];
  const rest = { ...query };
  for (const name of SIGNING_PARAMETERS) delete rest[name];
  const signer = new SignatureV4({
    credentials,
    region: region ?? 'us-east-1',
    service: service ?? 's3',
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const signed = await signer.presign(
    {
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: rest,
      headers,
    },
    { signingDate, expiresIn: Number(query['X-Amz-Expires']) },
  );
  return signed.query?.['X-Amz-Signature'] === query['X-Amz-Signature'];
}

export async function startSignatureCheckingProxy(
  target: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
): Promise<SignatureCheckingProxy> {
  const upstream = new URL(target);
  let refused = 0;
  const server = http.createServer((request, response) => {
    const isPresigned = (request.url ?? '').includes('X-Amz-Signature=');
    const check = isPresigned ? hasValidSignature(request, credentials) : Promise.resolve(true);
    void check.then((isValid) => {
      if (!isValid) {
        refused += 1;
        request.resume();
        response
          .writeHead(403, { 'content-type': 'application/xml', connection: 'close' })
          .end('<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const forwarded = http.request(
        {
          hostname: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => response.destroy());
      request.pipe(forwarded);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
