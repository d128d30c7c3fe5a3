// Knowledge: documents attached to an agent (POST/GET /task/agents/{id}/documents), split into
// passages and searched in Postgres in the agent's language (SQL: 16-agents.sql). During a call the
// agent asks through its built-in search_knowledge tool; the passages come back with their document
// and place, and the lookup is an event of the task (knowledge.searched), shown in its timeline.
import { Buffer } from 'node:buffer';
import { z } from 'npm:zod@^4.1.0';
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';
import { newPrefixedId } from '../ids.ts';
import { accountRefusal } from '../accounts/api-keys.ts';
import { LIMITS } from '../contract/limits.ts';
import { parseOrThrow } from './schema.ts';
export { KNOWLEDGE_TOOL } from '../contract/knowledge-tool.ts';
import { agentList, agentNotFound } from './agents.ts';
import {
  csvPassages,
  formatOfName,
  pdfPages,
  pdfPassages,
  textPassages,
  type DocumentFormat,
  type Passage,
} from './knowledge-text.ts';

const FORMATS = ['text', 'markdown', 'csv', 'pdf'] as const;

export const addDocumentSchema = z
  .strictObject(
    {
      name: z
        .string({ error: 'name must be the document’s name, like faq.md' })
        .trim()
        .min(1, { error: 'name must not be empty' })
        .max(200, { error: 'name must be at most 200 characters' }),
      format: z.enum(FORMATS, { error: `format must be one of ${FORMATS.join(', ')}` }).optional(),
      content: z.string({ error: 'content must be the document’s text' }).optional(),
      content_base64: z
        .string({ error: 'content_base64 must be the file in base64 (a PDF)' })
        .optional(),
    },
    { error: 'The body must be an object like {"name": "faq.md", "content": "# Insurance…"}' },
  )
  .superRefine((value, ctx) => {
    if ((value.content === undefined) === (value.content_base64 === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'send the document as content (text) or content_base64 (a PDF file), one of them',
      });
  });

/** A passage as the tool and the search answer it. */
export type Found = { document_id: string; document: string; place: string; content: string };

/** The tool's answer: each passage with its document and place, for the agent to read from. */
export function foundText(found: Found[]): string {
  if (!found.length)
    return 'Nothing in the documents answers that. Say you do not know and offer to pass the question on.';
  return found
    .map((one) => `[${one.document}, ${one.place}] ${one.content.replace(/\s+/g, ' ')}`)
    .join(' | ');
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

export function knowledgeService(deps: { db: Db; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function passagesOf(input: z.infer<typeof addDocumentSchema>, format: DocumentFormat) {
    if (format === 'pdf') {
      if (input.content_base64 === undefined)
        throw new ServiceError('invalid_request', 'a PDF is sent as content_base64', {
          field: 'content_base64',
        });
      const bytes = Buffer.from(input.content_base64, 'base64');
      if (bytes.length > LIMITS.documentBytesMax * 4)
        throw new ServiceError(
          'invalid_request',
          `content_base64 must be a PDF of at most ${(LIMITS.documentBytesMax * 4) / 1_048_576} MB`,
          { field: 'content_base64' },
        );
      const pages = await pdfPages(new Uint8Array(bytes)).catch(() => {
        throw new ServiceError('invalid_request', 'content_base64 is not a PDF we can read', {
          field: 'content_base64',
        });
      });
      return pdfPassages(pages);
    }
    const text =
      input.content ?? Buffer.from(input.content_base64 ?? '', 'base64').toString('utf8');
    return format === 'csv' ? csvPassages(text) : textPassages(text, format === 'markdown');
  }

  async function ownAgent(userId: string, agentId: string) {
    const rows = must(
      await db.from('agents').select('id').eq('id', agentId).eq('user_id', userId),
    ) as { id: string }[];
    if (!rows.length) throw agentNotFound(agentId);
  }

  /** What the agent's documents say to `query` (the task's agent: already the account's). */
  async function search(agentId: string, query: string, limit = 3): Promise<Found[]> {
    return must(
      await db.rpc('agent_knowledge_search', {
        p_agent_id: agentId,
        p_query: query.slice(0, 500),
        p_limit: limit,
      }),
    ) as Found[];
  }

  return {
    async add(userId: string, agentId: string, body: unknown) {
      const input = parseOrThrow(addDocumentSchema, body);
      const format = input.format ?? formatOfName(input.name);
      const passages: Passage[] = await passagesOf(input, format);
      const bytes = passages.reduce((sum, one) => sum + byteLength(one.content), 0);
      if (!passages.length)
        throw new ServiceError('invalid_request', 'The document has no text to answer from.', {
          field: input.content !== undefined ? 'content' : 'content_base64',
        });
      if (bytes > LIMITS.documentBytesMax)
        throw new ServiceError(
          'invalid_request',
          `A document holds at most ${LIMITS.documentBytesMax / 1_048_576} MB of text; split it.`,
          { field: input.content !== undefined ? 'content' : 'content_base64' },
        );
      const result = must(
        await db.rpc('agent_document_add', {
          p_user_id: userId,
          p_agent_id: agentId,
          p_document: { id: newPrefixedId('doc', now()), name: input.name, format, bytes },
          p_passages: passages,
        }),
      ) as { document?: Record<string, unknown>; error?: string; held?: number };
      switch (result.error) {
        case undefined:
          return { object: 'document' as const, ...result.document };
        case 'not_found':
          throw agentNotFound(agentId);
        case 'archived':
          throw new ServiceError('invalid_request', `Agent ${agentId} is archived.`);
        case 'too_many_documents':
          throw new ServiceError(
            'invalid_request',
            `An agent answers from at most ${LIMITS.documentsPerAgent} documents; remove one first.`,
          );
        case 'knowledge_full':
          throw new ServiceError(
            'invalid_request',
            `An account's documents hold at most ${LIMITS.knowledgeBytesPerAccount / 1_048_576} MB of text; this one (${bytes} bytes) does not fit beside the ${result.held} bytes held.`,
          );
        default:
          throw accountRefusal(result.error);
      }
    },

    async list(userId: string, agentId: string) {
      await ownAgent(userId, agentId);
      return await agentList(
        db,
        {
          table: 'agent_documents',
          columns: 'id, agent_id, name, format, bytes, passages, created_at',
          object: 'document',
        },
        userId,
        agentId,
      );
    },

    async remove(userId: string, agentId: string, documentId: string) {
      const result = must(
        await db.rpc('agent_document_remove', {
          p_user_id: userId,
          p_agent_id: agentId,
          p_document_id: documentId,
        }),
      ) as { error?: string };
      if (result.error)
        throw new ServiceError('not_found', `Agent ${agentId} has no document ${documentId}.`);
      return { object: 'document' as const, id: documentId, deleted: true };
    },

    search,

    /** GET /task/agents/{id}/knowledge?q=: what a call would find. */
    async searchOwn(userId: string, agentId: string, query: string | null) {
      if (!query?.trim())
        throw new ServiceError('invalid_request', 'q must be the question to look up', {
          field: 'q',
        });
      await ownAgent(userId, agentId);
      return {
        object: 'list' as const,
        data: await search(agentId, query, 5),
        has_more: false,
      };
    },
  };
}

export type KnowledgeService = ReturnType<typeof knowledgeService>;
