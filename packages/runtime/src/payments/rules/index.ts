/** The factories of the kit's stateless rule keywords, for the generated validators. */
export { createDecimalSum } from './decimal-sum.js';
