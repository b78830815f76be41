/**
 * The payments kit's stateless rule keywords (seed §Create payment (v3): amounts are decimal and
 * sum exactly, in the minor units of their currency), and the vocabulary of an API that uses the
 * kit: the generic keywords plus these.
 */
import { ruleKeywords as genericKeywords } from '../../../generator/keywords/index.js';
import type { RuleKeyword } from 'cross-border-payments-runtime/validators';
import { decimalSum } from './decimal-sum.js';

export const paymentKeywords: readonly RuleKeyword[] = [decimalSum];

export const ruleKeywords: readonly RuleKeyword[] = [...genericKeywords, ...paymentKeywords];

export const ruleKeywordsByName: ReadonlyMap<string, RuleKeyword> = new Map(ruleKeywords.map((k) => [k.name, k]));
