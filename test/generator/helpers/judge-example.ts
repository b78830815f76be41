/**
 * The generated validators' verdict on one example (helpers/example-sites.ts): request bodies,
 * responses, parameters and webhook payloads through the generated entry points (parameters
 * coerced from strings as a request's would be); everything else, and parameters the generated
 * request validation does not check (Accept, Authorization, ...), through the schema entry point of
 * helpers/generated-validators.ts. undefined when accepted, else the first violation.
 */
import { esc, type ExampleSite } from './example-sites.js';
import type { GeneratedValidators } from './generated-validators.js';

const PARTS = { path: 'params', query: 'query', header: 'headers', cookie: 'cookies' } as const;

export function exampleJudge(
  generated: GeneratedValidators,
  sites: ExampleSite[],
  document: Record<string, unknown>,
): (site: ExampleSite) => string | undefined {
  const bySchema = (s: ExampleSite) =>
    s.target.kind === 'schema' ||
    (s.target.kind === 'parameter' && !generated.checksParameter(s.target.operationId, s.target.in, s.target.name));
  const schemaValidator = generated.schemaValidators(
    sites.filter(bySchema).map((s) => s.schemaPointer),
    document,
  );
  return (site) => {
    const value = structuredClone(site.value);
    const t = site.target;
    if (bySchema(site)) {
      const validate = schemaValidator(site.schemaPointer);
      if (typeof validate === 'string') return validate;
      return validate(value)
        ? undefined
        : `${validate.errors?.[0]?.instancePath || '/'} ${validate.errors?.[0]?.message}`;
    }
    let violations: Array<{ pointer: string; message: string }> = [];
    if (t.kind === 'request-body')
      violations = generated.validateRequest(t.operationId, { body: value }).violations.filter((v) => v.in === 'body');
    else if (t.kind === 'response')
      violations = generated.validateResponse(t.operationId, t.status, t.mediaType, value).violations;
    else if (t.kind === 'webhook') violations = generated.validateWebhook(t.webhook, value).violations;
    else if (t.kind === 'parameter') {
      const part = PARTS[t.in];
      const name = t.in === 'header' ? t.name.toLowerCase() : t.name;
      const own = `/${esc(name)}`;
      // Only this parameter is given: the others' `required` errors are not about the example.
      violations = generated
        .validateRequest(t.operationId, { [part]: { [name]: value } })
        .violations.filter((v) => v.in === part && (v.pointer === own || v.pointer.startsWith(`${own}/`)));
    }
    const first = violations[0];
    return first === undefined ? undefined : `${first.pointer || '/'} ${first.message}`;
  };
}
