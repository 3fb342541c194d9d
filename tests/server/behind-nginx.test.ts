// TRUST_PROXY names the proxies whose X-Forwarded-For is believed; a client's own forwarding
// header must never choose the address its rate limits are counted on. Proven with app.inject
// and through Debian's nginx running docs/deploy.md's own example.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { randomClientAddress, setUpTestApp, signUp, TEST_ORIGIN } from '../setup/test-app.ts';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
const WRONG = 'wrong-password-here';
const deployDoc = fs.readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');

/** The one ```nginx block of docs/deploy.md, as an operator copies it. */
function nginxExample(): string {
  const block = /```nginx\n([\s\S]*?)```/.exec(deployDoc)?.[1];
  expect(block, 'docs/deploy.md has an nginx block').toBeTruthy();
  return block!;
}

const t = setUpTestApp({ TRUST_PROXY: '1' });

const signInWrong = (options: { email: string; socket: string; forwardedFor?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: {
      origin: TEST_ORIGIN,
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    remoteAddress: options.socket,
    payload: { email: options.email, password: WRONG },
  });

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  it('counts sign-ins on the address the proxy appended, whatever the client wrote before it', async () => {
    const { email } = await signUp(t.app);
    const proxy = randomClientAddress();
    const client = randomClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      // What nginx's $proxy_add_x_forwarded_for sends: the client's own header, then its address.
      const forged = `203.0.113.${i}, 198.51.100.${i}`;
      statuses.push(
        (await signInWrong({ email, socket: proxy, forwardedFor: `${forged}, ${client}` })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    // Another client behind the same proxy has its own count.
    const other = await signInWrong({
      email,
      socket: proxy,
      forwardedFor: `203.0.113.1, ${randomClientAddress()}`,
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as addresses', () => {
  it('believes the header only from the named proxies', async () => {
    const config = loadConfig({ ...envOf(t.config), TRUST_PROXY: '10.200.0.0/16' });
    const app = await buildApp({ config, databaseUrl: t.databaseUrl, authSecret: 'x'.repeat(40) });
    try {
      const { email } = await signUp(app);
      const ipOf = async (socket: string, forwardedFor: string) => {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) {
          const response = await app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `${forwardedFor.replace('$i', String(i))}` },
            remoteAddress: socket,
            payload: { email, password: WRONG },
          });
          statuses.push(response.statusCode);
        }
        return statuses.at(-1);
      };
      // From the proxy: the client it names is counted (forged entries before it are ignored).
      const client = randomClientAddress();
      expect(await ipOf('10.200.1.1', `192.0.2.$i, ${client}`)).toBe(429);
      // From anyone else: the header is ignored, the socket counts (forged values change nothing).
      expect(await ipOf(randomClientAddress(), '192.0.2.$i')).toBe(429);
    } finally {
      await app.close();
    }
  });
});

/** The test app's settings as environment variables, for a second app on the same database. */
function envOf(config: typeof t.config): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PUBLIC_URL: config.publicUrl,
    DATA_DIR: config.dataDir,
    LOG_LEVEL: 'silent',
    NEW_ACCOUNT_HOURS: '0',
  };
}

describe.skipIf(!NGINX)(
  `docs/deploy.md's nginx example (${NGINX ?? 'nginx is not installed: apt-get install nginx'})`,
  () => {
    let work: string;
    let nginx: ReturnType<typeof spawn> | undefined;
    let httpsPort: number;
    let appAddress: string;
    let app: Awaited<ReturnType<typeof buildApp>>;

    /** The example with this machine's ports and a throwaway certificate; everything else as written. */
    function adaptedConfig(appPort: number, httpPort: number) {
      const server = nginxExample()
        .replace(/listen 443 ssl/, `listen 127.0.0.1:${httpsPort} ssl`)
        .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
        .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${path.join(work, 'cert.pem')};`)
        .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${path.join(work, 'key.pem')};`)
        .replace('http://127.0.0.1:5000', `http://127.0.0.1:${appPort}`);
      const temp = (name: string) => `${name} ${path.join(work, name.replace(/_path$/, ''))};`;
      return `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${path.join(work, 'nginx.pid')};
error_log ${path.join(work, 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  ${temp('client_body_temp_path')} ${temp('proxy_temp_path')} ${temp('fastcgi_temp_path')}
  ${temp('uwsgi_temp_path')} ${temp('scgi_temp_path')}
${server}
}
`;
    }

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-nginx-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=calm.example.com',
          '-keyout',
          path.join(work, 'key.pem'),
          '-out',
          path.join(work, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      app = await buildApp({ config: t.config, databaseUrl: t.databaseUrl, authSecret: 'x'.repeat(40) });
      appAddress = await app.listen({ port: 0, host: '127.0.0.1' });
      httpsPort = await freePort();
      const config = adaptedConfig(Number(new URL(appAddress).port), await freePort());
      fs.writeFileSync(path.join(work, 'nginx.conf'), config);
    });

    afterAll(async () => {
      nginx?.kill('SIGTERM');
      await app?.close();
      fs.rmSync(work, { recursive: true, force: true });
    });

    it('passes nginx -t', () => {
      const result = spawnSync(NGINX!, ['-t', '-c', path.join(work, 'nginx.conf'), '-p', work], {
        encoding: 'utf8',
      });
      expect(result.stderr).toContain('syntax is ok');
      expect(result.status, result.stderr).toBe(0);
    });

    it('with TRUST_PROXY=1, 40 wrong sign-ins with forged X-Forwarded-For values through nginx get 429s', async () => {
      nginx = spawn(NGINX!, ['-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'ignore' });
      await waitForPort(httpsPort);
      const { email } = await signUp(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        statuses.push(
          await postThroughNginx(
            httpsPort,
            '/api/auth/sign-in/email',
            JSON.stringify({ email, password: WRONG }),
            {
              'x-forwarded-for': `203.0.113.${i}`,
              'x-real-ip': `198.51.100.${i}`,
            },
          ),
        );
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    }, 60_000);
  },
);

function postThroughNginx(port: number, url: string, body: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        servername: 'calm.example.com',
        rejectUnauthorized: false,
        headers: {
          host: 'calm.example.com',
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port}`);
}
