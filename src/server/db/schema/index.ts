export * from './announcements.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './community.ts';
export * from './library.ts';
export * from './mail.ts';
export * from './questionnaire.ts';
export * from './uploads.ts';
