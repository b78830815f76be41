/** `cross-border-payments-runtime/validators/re2`: The linear-time pattern engine: loads `re2js`, so only output generated with the re2 pattern engine imports this entry. */
export * from '../../../rules/regexp-re2.js';
