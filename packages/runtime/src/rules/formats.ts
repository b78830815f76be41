/** Format validators referenced by the standalone validators (ajv `code.formats`). ajv-formats'
 * full set already includes the OpenAPI formats (int32, int64, float, double, byte, binary, password). */
export { fullFormats as formats } from 'ajv-formats/dist/formats.js';
