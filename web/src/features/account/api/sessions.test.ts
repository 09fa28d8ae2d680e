import { describe, expect, it } from 'vitest';
import { type ActiveSession, describeUserAgent, sortSessions } from './sessions.ts';

const session = (id: string, over: Partial<ActiveSession> = {}): ActiveSession => ({
  id,
  current: false,
  portal: 'ordering',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: '2026-11-01T10:00:00.000Z',
  ip: null,
  userAgent: null,
  ...over,
});

describe('active sessions', () => {
  it('names the browser and system of common user agents', () => {
    const ua = {
      chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      safari:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:121.0) Gecko/20100101 Firefox/121.0',
      android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    };
    expect(describeUserAgent(ua.chrome)).toEqual({ browser: 'Chrome', system: 'Linux' });
    expect(describeUserAgent(ua.edge)).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(describeUserAgent(ua.safari)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(describeUserAgent(ua.firefox)).toEqual({ browser: 'Firefox', system: 'macOS' });
    expect(describeUserAgent(ua.android)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(describeUserAgent('curl/8.0')).toBeNull();
    expect(describeUserAgent(null)).toBeNull();
  });

  it('lists this session first, then the most recently used', () => {
    const sorted = sortSessions([
      session('old', { lastSeenAt: '2026-11-01T09:00:00.000Z' }),
      session('recent', { lastSeenAt: '2026-11-01T11:00:00.000Z' }),
      session('me', { current: true, lastSeenAt: '2026-11-01T08:00:00.000Z' }),
    ]);
    expect(sorted.map((s) => s.id)).toEqual(['me', 'recent', 'old']);
  });
});
