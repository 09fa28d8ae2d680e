import type { ServiceMessage } from '@portal/core/shared';
import { describe, expect, it } from 'vitest';
import { serviceMessageId, visibleServiceMessages } from './dismissed-messages.ts';

const expiring: ServiceMessage = {
  type: 'warning',
  title: 'Password',
  message: 'Your password is going to expire. Please renew it as soon as possible.',
  unread: true,
};
const info: ServiceMessage = { type: 'info', title: '', message: 'Maintenance tonight', unread: false };

describe('service message banners', () => {
  it('a closed message stays hidden; the others show', () => {
    expect(visibleServiceMessages([expiring, info], [])).toEqual([expiring, info]);
    expect(visibleServiceMessages([expiring, info], [serviceMessageId(expiring)])).toEqual([info]);
  });

  it('the same text is the same message, whatever its unread flag', () => {
    expect(serviceMessageId({ ...expiring, unread: false })).toBe(serviceMessageId(expiring));
    expect(serviceMessageId(info)).not.toBe(serviceMessageId(expiring));
  });
});
