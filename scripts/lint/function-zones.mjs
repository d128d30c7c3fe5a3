// The import zones of supabase/functions, as an ESLint rule: each folder of _shared (and the
// function entries) imports only the zones below it, so no import runs back up and none closes a
// circle. Some zones are narrower still: the contract imports nothing, `voice` only the contract
// and the shared helpers (it speaks the provider, it knows no task), `http` no domain, and the
// call lifecycle's services no `http` (they throw ServiceError, which knows no HTTP).
import path from 'node:path';

const SHARED = 'supabase/functions/_shared/';

/** Lowest first: a zone may import its own files and the zones of lower rank. */
const RANK = {
  contract: 0,
  helpers: 1,
  http: 2,
  voice: 2,
  db: 2,
  stripe: 2,
  twilio: 2,
  'callee-protection': 2,
  privacy: 3,
  recordings: 3,
  webhooks: 3,
  accounts: 3,
  events: 3,
  billing: 3,
  contact: 3,
  'phone-verification': 3,
  tasks: 4,
  sms: 5,
  mcp: 5,
  status: 5,
  dispatch: 6,
  entry: 7,
};

/** Zones that may import only these, whatever their rank. */
const ONLY = {
  contract: [],
  helpers: ['contract'],
  voice: ['contract', 'helpers'],
  http: ['contract', 'helpers'],
};

/** Files that are no HTTP handler may not import http/ in these zones. */
const NO_HTTP_IN = ['accounts', 'tasks', 'webhooks', 'voice', 'json-schema'];
const HTTP_ENTRY = /(^|[-/])handler\.ts$/;

/** The shared helpers: small modules every zone may use. */
const HELPERS = [
  'errors.ts',
  'ids.ts',
  'env.ts',
  'dns.ts',
  'connect.ts',
  'background.ts',
  'json-schema',
  'platform',
];

function zoneOf(file) {
  const at = file.indexOf(SHARED);
  if (at === -1) return file.includes('supabase/functions/') ? 'entry' : null;
  const first = file.slice(at + SHARED.length).split('/')[0];
  if (HELPERS.includes(first)) return 'helpers';
  if (first === 'db.ts') return 'db';
  return first;
}

export default {
  rules: {
    'function-zones': {
      meta: {
        type: 'problem',
        docs: { description: 'supabase/functions imports only down its zones' },
        schema: [],
      },
      create(context) {
        const file = context.filename.split(path.sep).join('/');
        const from = zoneOf(file);
        if (!from) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
          const to = zoneOf(target);
          if (!to || to === from) return;
          const report = (why) =>
            context.report({ node: node.source, message: `${from} → ${to}: ${why}` });
          if (!(to in RANK)) return report(`${to} is no zone of scripts/lint/function-zones.mjs.`);
          if (ONLY[from] && !ONLY[from].includes(to))
            return report(
              ONLY[from].length
                ? `${from} imports only ${ONLY[from].join(' and ')}.`
                : `${from} imports nothing.`,
            );
          if (
            to === 'http' &&
            NO_HTTP_IN.some((zone) => file.includes(`${SHARED}${zone}/`)) &&
            !HTTP_ENTRY.test(path.posix.basename(file))
          )
            return report(
              'a service knows no HTTP: throw ServiceError and let the handler answer it.',
            );
          if (RANK[to] >= RANK[from])
            return report(`an import runs down only (${from} is not above ${to}).`);
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
