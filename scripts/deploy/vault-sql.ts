// The SQL that writes the schedule's Vault secrets on the hosted project: created when missing,
// updated when present (vault.create_secret / vault.update_secret, Supabase Vault's documented
// functions). Run by `supabase db query --remote --file`, so no value ever sits in a command line.
import { randomBytes } from 'node:crypto';

export type VaultSecrets = { project_url: string; service_role_key: string };

/** A dollar-quote tag that occurs in none of `texts`. */
function freshTag(texts: string[]): string {
  let tag: string;
  do tag = `v${randomBytes(6).toString('hex')}`;
  while (texts.some((text) => text.includes(`$${tag}$`)));
  return tag;
}

/** A dollar-quoted literal whose tag cannot occur in the value. */
function literal(value: string): string {
  const tag = freshTag([value]);
  return `$${tag}$${value}$${tag}$`;
}

export function vaultSecretsSql(secrets: VaultSecrets): string {
  const statements = Object.entries(secrets).map(
    ([name, value]) => `  select id into found from vault.secrets where name = ${literal(name)};
  if found is null then
    perform vault.create_secret(${literal(value)}, ${literal(name)});
  else
    perform vault.update_secret(found, ${literal(value)});
  end if;`,
  );
  const body = statements.join('\n');
  const tag = freshTag([body]);
  return `do $${tag}$
declare
  found uuid;
begin
${body}
end
$${tag}$;
`;
}
