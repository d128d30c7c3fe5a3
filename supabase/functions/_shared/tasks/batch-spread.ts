// What one batch may spread over before any row is checked in depth: each distinct webhook or tool
// host costs DNS look-ups and each distinct schema (output_schema, tool parameters) a compilation,
// so their number is capped before either happens; and a batch calls each number once (the rows naming one number twice are
// refused together, each naming the others).
import { LIMITS } from '../contract/limits.ts';
import { ServiceError } from '../errors.ts';
import { canonicalJson } from '../ids.ts';

/** One refused row of a batch, as the API's `rows` list names it. */
export type BatchRowError = { index: number; field: string | null; code: string; message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The host a webhook or tool url names, or null when it is not a URL (its row's check refuses it). */
function urlHost(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    return new URL(value.trim()).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * What a batch compiles once: a schema at its field (output_schema has none, a tool's parameters
 * are `tools.<i>.parameters`), so the cap counts exactly the compilations the batch would make.
 */
export const schemaCompileKey = (schema: unknown, field?: string) =>
  `${field ?? ''}|${canonicalJson(schema)}`;

/**
 * Refuses, before any host is resolved or schema compiled, a batch whose rows (merged over its
 * defaults) name more distinct hosts (webhook_url and every tool's url) or schemas (output_schema
 * and every tool's parameters, each where the batch compiles it) than the limits allow. Answers
 * the hosts, to be looked up together.
 */
export function checkBatchSpread(rows: Record<string, unknown>[]): { hosts: Set<string> } {
  const hosts = new Set<string>();
  const schemas = new Set<string>();
  const addHost = (url: unknown) => {
    const host = urlHost(url);
    if (host !== null) hosts.add(host);
  };
  for (const row of rows) {
    addHost(row.webhook_url);
    if (isObject(row.output_schema)) schemas.add(schemaCompileKey(row.output_schema));
    if (!Array.isArray(row.tools)) continue;
    row.tools.forEach((tool: unknown, index) => {
      if (!isObject(tool)) return;
      addHost(tool.url);
      if (isObject(tool.parameters))
        schemas.add(schemaCompileKey(tool.parameters, `tools.${index}.parameters`));
    });
  }
  if (hosts.size > LIMITS.batchMaxWebhookHosts)
    throw new ServiceError(
      'invalid_request',
      `A batch may send its webhooks and tool requests to at most ${LIMITS.batchMaxWebhookHosts} distinct hosts; its rows name ${hosts.size}.`,
      { field: 'tasks' },
    );
  if (schemas.size > LIMITS.batchMaxOutputSchemas)
    throw new ServiceError(
      'invalid_request',
      `A batch may use at most ${LIMITS.batchMaxOutputSchemas} distinct schemas (output_schema, and each tool's parameters in its place); its rows use ${schemas.size}.`,
      { field: 'tasks' },
    );
  return { hosts };
}

/** Every row whose phone number another row of the batch also names, each naming the others. */
export function duplicateNumberRows(phoneNumbers: (string | null)[]): BatchRowError[] {
  const rowsOf = new Map<string, number[]>();
  phoneNumbers.forEach((phone, index) => {
    if (phone === null) return;
    const rows = rowsOf.get(phone) ?? [];
    rows.push(index);
    rowsOf.set(phone, rows);
  });
  const errors: BatchRowError[] = [];
  for (const [phone, rows] of rowsOf) {
    if (rows.length < 2) continue;
    for (const index of rows) {
      const others = rows.filter((other) => other !== index);
      errors.push({
        index,
        field: 'phone_number',
        code: 'invalid_request',
        message: `${phone} is also the number of ${others.length === 1 ? 'row' : 'rows'} ${others.join(', ')} (counted from 0): a batch calls each number once.`,
      });
    }
  }
  return errors.sort((a, b) => a.index - b.index);
}
