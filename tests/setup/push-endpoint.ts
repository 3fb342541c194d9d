import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real push service stand-in: an HTTPS server on 127.0.0.1 (web-push speaks https only) that
 * receives what web-push posts and decrypts it with the browser side's keys (RFC 8291, aes128gcm),
 * so a test reads the payload exactly as a browser would. `answer` sets the next status code.
 */
export type PushEndpoint = {
  /** An https.Agent trusting this server's self-signed certificate. */
  agent: https.Agent;
  /** A fresh browser subscription (its own ECDH key pair and auth secret) on this server. */
  newSubscription: () => BrowserSubscription;
  received: ReceivedPush[];
  answer: (status: number) => void;
  close: () => Promise<void>;
};
export type BrowserSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  decrypt: (body: Buffer) => string;
};
export type ReceivedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-endpoint-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const key = fs.readFileSync(keyFile);
  const cert = fs.readFileSync(certFile);
  fs.rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  let status = 201;
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new https.Agent({ ca: cert });

  return {
    agent,
    received,
    answer: (next) => {
      status = next;
    },
    newSubscription: () => {
      const browser = createECDH('prime256v1');
      browser.generateKeys();
      const auth = randomBytes(16);
      return {
        endpoint: `https://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`,
        keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        decrypt: (body) => decryptAes128gcm(body, browser, auth),
      };
    },
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/** RFC 8291 with RFC 8188's aes128gcm record: what a browser does with a push message. */
function decryptAes128gcm(body: Buffer, browser: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = browser.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), serverPublicKey]);
  const ikm = hkdf(auth, shared, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}
