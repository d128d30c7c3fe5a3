// The account's attested default legal basis for live AI calls (GET and POST /task/legal-basis, and
// the dashboard's Settings): attested in our words, kept as append-only records
// (public.legal_basis_attestations); a task without consent or exemption of its own uses it.
import { z } from 'npm:zod@^4.1.0';
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';
import { ATTESTED_BASES, LEGAL_EXEMPTIONS } from '../contract/task-vocabulary.ts';
import { parseOrThrow } from './schema.ts';

export type Attestation = {
  id: number;
  basis: (typeof ATTESTED_BASES)[number];
  exemption: string | null;
  statement: string;
  attested_via: 'dashboard' | 'api';
  attested_at: string;
};

export const attestationSchema = z
  .strictObject(
    {
      basis: z.enum(ATTESTED_BASES, {
        error: `basis must be one of ${ATTESTED_BASES.join(', ')}`,
      }),
      exemption: z
        .enum(LEGAL_EXEMPTIONS, {
          error: `exemption must be one of ${LEGAL_EXEMPTIONS.join(', ')}`,
        })
        .optional(),
    },
    { error: 'The body must be an object like {"basis": "prior_express_consent"}' },
  )
  .superRefine((value, ctx) => {
    if (value.basis === 'exemption' && !value.exemption)
      ctx.addIssue({
        code: 'custom',
        path: ['exemption'],
        message: `exemption is required with basis "exemption": one of ${LEGAL_EXEMPTIONS.join(', ')}`,
      });
    if (value.basis !== 'exemption' && value.exemption)
      ctx.addIssue({
        code: 'custom',
        path: ['exemption'],
        message: 'exemption goes with basis "exemption" only',
      });
  });

/** The account's current attestation ('withdrawn' or none: null) and what it has attested before. */
export async function readLegalBasis(db: Db, userId: string) {
  const { data, error } = await db
    .from('legal_basis_attestations')
    .select('id, basis, exemption, statement, attested_via, attested_at')
    .eq('user_id', userId)
    .order('id', { ascending: false })
    .limit(20);
  if (error) throw new Error(`Reading the legal basis failed: ${error.message}`);
  const history = (data ?? []) as Attestation[];
  const current = history[0] && history[0].basis !== 'withdrawn' ? history[0] : null;
  return { object: 'legal_basis', current, history };
}

/** Records a new attestation of the account's default basis (or its withdrawal). */
export async function attestLegalBasis(
  db: Db,
  userId: string,
  body: unknown,
  via: 'dashboard' | 'api',
) {
  const input = parseOrThrow(attestationSchema, body);
  const made = must(
    await db.rpc('legal_basis_attest', {
      p_user_id: userId,
      p_basis: input.basis,
      p_exemption: input.exemption ?? null,
      p_via: via,
    }),
  ) as Attestation | { error: string };
  if ('error' in made)
    throw made.error === 'account_closed'
      ? new ServiceError('unauthorized', 'The account is closed.')
      : new ServiceError('invalid_request', `The attestation was refused (${made.error}).`, {
          field: 'basis',
        });
  return readLegalBasis(db, userId);
}
