import { describe, expect, it } from 'vitest';
import { toViewerAccess, VISITOR_ACCESS } from './viewer.ts';

describe('toViewerAccess', () => {
  const now = new Date('2031-05-01T12:00:00Z');
  const member = { id: 'm1', isAdmin: false, isModerator: false, subscriptionStatus: null };

  it('gives a visitor no id, no premium access and no moderation', () => {
    expect(toViewerAccess(null, now)).toEqual(VISITOR_ACCESS);
  });

  it('names the role: admins hold every moderator right and premium access', () => {
    expect(toViewerAccess(member, now)).toEqual({
      id: 'm1',
      role: 'member',
      hasPremiumAccess: false,
      canModerate: false,
    });
    expect(toViewerAccess({ ...member, isModerator: true }, now)).toMatchObject({
      role: 'moderator',
      canModerate: true,
      hasPremiumAccess: false,
    });
    expect(toViewerAccess({ ...member, isAdmin: true }, now)).toMatchObject({
      role: 'admin',
      canModerate: true,
      hasPremiumAccess: true,
    });
  });

  it('applies the premium rule at the moment given: an active subscription until its paid period ends', () => {
    const active = { ...member, subscriptionStatus: 'active' };
    expect(toViewerAccess(active, now).hasPremiumAccess).toBe(true);
    const endsAt = new Date('2031-05-01T12:00:01Z');
    expect(toViewerAccess({ ...active, premiumAccessEndsAt: endsAt }, now).hasPremiumAccess).toBe(true);
    expect(toViewerAccess({ ...active, premiumAccessEndsAt: endsAt }, endsAt).hasPremiumAccess).toBe(false);
    expect(toViewerAccess({ ...member, subscriptionStatus: 'past_due' }, now).hasPremiumAccess).toBe(false);
  });
});
