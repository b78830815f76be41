export * from './scheme.js';
export * from './standard-webhooks.js';
export * from './verify.js';
export * from './sign.js';
