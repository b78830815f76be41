/**
 * RFC 6901 JSON pointers on the conformance side (pointers of findings, reading and replacing a
 * value in a cloned request body): the runtime's one implementation, through lib/ (the engine
 * does not import the runtime package itself).
 */
export { getAt, parsePointer, toPointer, unescapeToken } from '../../lib/json-pointer.js';
