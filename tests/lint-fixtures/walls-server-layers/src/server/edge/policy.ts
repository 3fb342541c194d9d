export const policy = { limit: 'community' };
