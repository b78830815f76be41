/** What a partner uses of the contract, found in its code (typescript.ts) or its traffic (har.ts). */
export interface Usage {
  /** Where it was read from (directories, HAR files). */
  sources: string[];
  /** operationIds the code calls through the generated client. */
  operationIds: Set<string>;
  /** Operation keys (`POST /v3/customers/{}/payments`) called by path or seen in traffic. */
  operationKeys: Set<string>;
  /** Webhook names (the document's `webhooks` keys) the code consumes or the traffic received. */
  webhooks: Set<string>;
  /** Values the consumer's code compares with (string literals): payment statuses it handles. */
  literals: Set<string>;
}

export const emptyUsage = (): Usage => ({
  sources: [],
  operationIds: new Set(),
  operationKeys: new Set(),
  webhooks: new Set(),
  literals: new Set(),
});

export function mergeUsage(a: Usage, b: Usage): Usage {
  return {
    sources: [...a.sources, ...b.sources],
    operationIds: new Set([...a.operationIds, ...b.operationIds]),
    operationKeys: new Set([...a.operationKeys, ...b.operationKeys]),
    webhooks: new Set([...a.webhooks, ...b.webhooks]),
    literals: new Set([...a.literals, ...b.literals]),
  };
}
