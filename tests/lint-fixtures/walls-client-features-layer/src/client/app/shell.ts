export const shellTitle = 'Stillpoint';
