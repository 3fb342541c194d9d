export * from './auth.ts';
export * from './library.ts';
export * from './mail.ts';
