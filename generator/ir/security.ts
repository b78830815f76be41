/** Security schemes and requirements, normalized (OpenAPI 3.x "Security Scheme Object"). */
import { toPointer } from '../../lib/errors.js';
import type { SecurityRequirement, SecuritySchemeModel } from './model.js';
import { deref, isObj, setKey, str, type Obj } from './refs.js';

export function normalizeSecuritySchemes(doc: Obj, file: string): Record<string, SecuritySchemeModel> {
  const components = isObj(doc.components) ? doc.components : {};
  const schemes = isObj(components.securitySchemes) ? components.securitySchemes : {};
  const out: Record<string, SecuritySchemeModel> = {};
  for (const name of Object.keys(schemes)) {
    const s = deref(doc, schemes[name], file, toPointer(['components', 'securitySchemes', name]));
    if (!isObj(s)) continue;
    const description = str(s.description);
    const withDescription = <T extends SecuritySchemeModel>(m: T): T => (description ? { ...m, description } : m);
    switch (s.type) {
      case 'apiKey':
        setKey(
          out,
          name,
          withDescription({ kind: 'apiKey', name: str(s.name) ?? '', in: (str(s.in) ?? 'header') as 'header' }),
        );
        break;
      case 'http': {
        const m: SecuritySchemeModel = { kind: 'http', scheme: (str(s.scheme) ?? '').toLowerCase() };
        if (str(s.bearerFormat)) m.bearerFormat = str(s.bearerFormat);
        setKey(out, name, withDescription(m));
        break;
      }
      case 'oauth2': {
        const flows = isObj(s.flows) ? s.flows : {};
        const names = Object.keys(flows);
        // Prefer the client-credentials token URL: machine-to-machine is what a generated client does.
        const order = ['clientCredentials', ...names.filter((n) => n !== 'clientCredentials')];
        const tokenUrl = order
          .map((n) => (isObj(flows[n]) ? str((flows[n] as Obj).tokenUrl) : undefined))
          .find(Boolean);
        setKey(
          out,
          name,
          withDescription(tokenUrl ? { kind: 'oauth2', tokenUrl, flows: names } : { kind: 'oauth2', flows: names }),
        );
        break;
      }
      case 'openIdConnect':
      case 'mutualTLS':
        setKey(out, name, withDescription({ kind: s.type }));
        break;
      default:
        break;
    }
  }
  return out;
}

/** Operation-level `security` wins over the document's; `[]` means no authentication. */
export function effectiveSecurity(operation: Obj, doc: Obj): SecurityRequirement[] {
  const raw = Array.isArray(operation.security) ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  return raw.filter(isObj).map((req) => Object.keys(req));
}
