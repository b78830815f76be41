/** `cross-border-payments-runtime/webhooks`: Standard Webhooks signing and verification, and the exact JSON bytes they sign. node:crypto only. */
export * from '../../webhooks/signing/index.js';
export * from '../../webhooks/exact-json.js';
