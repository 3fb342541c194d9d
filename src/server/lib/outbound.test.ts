import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { DEFAULT_PUSH_HOSTS, isAllowedHost, isPublicAddress, outboundUrlProblem } from './outbound.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '198.18.0.1',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '142.250.185.74', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('the push host list', () => {
  it('matches names exactly, and `*.` patterns below their domain only', () => {
    expect(isAllowedHost('fcm.googleapis.com', DEFAULT_PUSH_HOSTS)).toBe(true);
    expect(isAllowedHost('FCM.googleapis.com.', DEFAULT_PUSH_HOSTS)).toBe(true);
    expect(isAllowedHost('web.push.apple.com', DEFAULT_PUSH_HOSTS)).toBe(true);
    expect(isAllowedHost('push.apple.com', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(isAllowedHost('evilpush.apple.com', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(isAllowedHost('fcm.googleapis.com.evil.test', DEFAULT_PUSH_HOSTS)).toBe(false);
    expect(isAllowedHost('googleapis.com', DEFAULT_PUSH_HOSTS)).toBe(false);
  });

  it('refuses disguised addresses, other schemes and credentials', () => {
    for (const url of ['https://2130706433/', 'https://127.1/', 'https://0x7f.0.0.1/', 'https://[::1]/']) {
      expect(outboundUrlProblem(url, [...DEFAULT_PUSH_HOSTS, 'localhost'])).toMatch(
        /not on this site's list/,
      );
    }
    expect(outboundUrlProblem('http://fcm.googleapis.com/x', DEFAULT_PUSH_HOSTS)).toBe(
      'must be an https:// URL',
    );
    expect(outboundUrlProblem('https://a:b@fcm.googleapis.com/x', DEFAULT_PUSH_HOSTS)).toMatch(/password/);
    expect(outboundUrlProblem('https://fcm.googleapis.com/fcm/send/x', DEFAULT_PUSH_HOSTS)).toBeNull();
  });

  it('is the known services by default; PUSH_ALLOWED_HOSTS replaces it, and a bad entry stops the start', () => {
    expect(loadConfig({}).pushAllowedHosts).toEqual(DEFAULT_PUSH_HOSTS);
    expect(
      loadConfig({ PUSH_ALLOWED_HOSTS: ' push.example.org, *.Push.Example.net ' }).pushAllowedHosts,
    ).toEqual(['push.example.org', '*.push.example.net']);
    expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: 'https://push.example.org/' })).toThrow(
      /PUSH_ALLOWED_HOSTS/,
    );
  });
});
