/**
 * Whether a run judged anything substantial. A run whose every case passed can still have judged
 * nothing: a base URL with the right host and a wrong path answers 404 to every documented
 * operation, every negative case "passes" on a 404, and the run goes green with no rule exercised.
 * Decided from coverage (rules exercised, operations answered), never from single cases: CI reads
 * the exit code, so such a run must not be green unless the caller accepts it (--allow-partial).
 */
import type { CoverageLine } from '../../engine/types.js';

export interface SubstanceExchange {
  operationId?: string;
  /** Path as sent, without origin. */
  path: string;
  request: { method: string };
  response?: { status: number };
  /** No answer: why (lib/network-error.ts). */
  error?: string;
}

export interface SubstanceInput {
  /** The API base URL the run was given (quoted in the message). */
  baseUrl: string;
  coverage?: readonly CoverageLine[];
  exchanges: readonly SubstanceExchange[];
  /** Operations served under the base URL (not the token endpoint, which has its own server). */
  apiOperations: ReadonlySet<string>;
  /** The run was narrowed (--only, --skip, operation or tag filters): fewer rules are expected,
   * so only the "every operation answered 404/405" test applies. */
  narrowed: boolean;
}

export interface NothingJudged {
  /** Set when nothing under the base URL answered at all: the target is unreachable (exit 2), not
   * merely unjudged. */
  code?: 'E_TARGET_UNREACHABLE';
  /** One line: what the run did not judge. */
  message: string;
  /** The likely cause and what to do. */
  hint: string;
  /** Distinct `METHOD path` of the documented operations answered 404 or 405 (at most 5). */
  notFound: string[];
}

/** 404 and 405 say the path (or method) is not there: they judge no operation of the contract. */
const NOT_THERE = new Set([404, 405]);
const QUOTED = 5;

/** The exchanges of operations under the base URL that got an answer. */
function answeredUnderBase(input: SubstanceInput): SubstanceExchange[] {
  return input.exchanges.filter(
    (x) => x.operationId !== undefined && input.apiOperations.has(x.operationId) && x.response !== undefined,
  );
}

/** Some operation under the base URL answered something else than 404/405: the path exists. */
export function someOperationThere(input: SubstanceInput): boolean {
  return answeredUnderBase(input).some((x) => !NOT_THERE.has(x.response?.status ?? 0));
}

export function nothingJudged(input: SubstanceInput): NothingJudged | undefined {
  const rules = input.coverage?.find((l) => l.id === 'rules');
  const noRule = !input.narrowed && rules?.total !== undefined && rules.total.length > 0 && rules.covered.length === 0;
  const answered = answeredUnderBase(input);
  const allNotThere = answered.length > 0 && answered.every((x) => NOT_THERE.has(x.response?.status ?? 0));
  if (!noRule && !allNotThere) return undefined;
  const sent = input.exchanges.filter((x) => x.operationId !== undefined && input.apiOperations.has(x.operationId));
  const lost = sent.find((x) => x.error !== undefined);
  if (answered.length === 0 && lost)
    return {
      code: 'E_TARGET_UNREACHABLE',
      message: `the API at ${input.baseUrl} did not answer: ${lost.error}`,
      hint: 'check --base-url and that the service is up',
      notFound: [],
    };
  const notFound = [
    ...new Set(
      answered
        .filter((x) => NOT_THERE.has(x.response?.status ?? 0))
        .map((x) => `${x.request.method} ${x.path.split('?')[0]}`),
    ),
  ];
  const quoted = notFound.slice(0, QUOTED);
  const ruleCount = rules?.total ? ` (rules exercised 0/${rules.total.length})` : '';
  const allow = 'or pass --allow-partial to accept a run that judged nothing';
  if (allNotThere) {
    const more = notFound.length > quoted.length ? `, and ${notFound.length - quoted.length} more` : '';
    return {
      message:
        `the run judged nothing: every operation sent under ${input.baseUrl} answered 404 or 405` +
        `${ruleCount}: ${quoted.join(', ')}${more}`,
      hint:
        `the base URL is likely wrong (a wrong base path): --base-url is the URL the documented paths ` +
        `are appended to, and none of them was found under it; ${allow}`,
      notFound: quoted,
    };
  }
  return {
    message: `the run judged nothing: no rule was exercised against ${input.baseUrl}${ruleCount}`,
    hint:
      notFound.length > 0
        ? `some operations answered 404 or 405 (${quoted.join(', ')}): check the base path of --base-url; ` +
          `otherwise give the target's customers, recipients and quotes with --config; ${allow}`
        : `give the target's customers, recipients and quotes with --config (see the "skipped" lines above) ` +
          `or a --driver; ${allow}`,
    notFound: quoted,
  };
}
