import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import {
  callApiWith,
  createCallingAccount,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';
import { readSseData } from './support/sse';

// Knowledge: documents attached to an agent, split into passages and searched in the agent's
// language; during a call the agent searches them (search_knowledge) and the lookup is an event of
// the task. The callee of 555-0111 asks a question only the documents answer.
type Found = { document_id: string; document: string; place: string; content: string };
type Event = { type: string; data: Record<string, unknown> };

const FAQ = `# Insurance

We take Delta Dental, Aetna and Cigna PPO plans. We do not take Medicaid.

# Hours

We are open Monday to Friday, 8 am to 6 pm, and Saturday mornings.`;

const PRICES =
  'Service,Price,Notes\nCleaning,$95,Twice a year\n"Whitening, in office",$350,One visit\n';

/** A one-page PDF whose text stream is compressed (FlateDecode), as office software writes them. */
function pdfOf(text: string): string {
  const stream = deflateSync(Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`, 'latin1'));
  const parts = [
    '%PDF-1.4\n',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n',
    '3 0 obj << /Type /Page /Parent 2 0 R /Contents 4 0 R >> endobj\n',
    `4 0 obj << /Length ${stream.length} /Filter /FlateDecode >> stream\n`,
  ];
  return Buffer.concat([
    Buffer.from(parts.join(''), 'latin1'),
    stream,
    Buffer.from('\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]).toString('base64');
}

let owner: CallingAccount;
let api: ReturnType<typeof callApiWith>;
let agentId: string;

beforeAll(async () => {
  owner = await createCallingAccount({ label: 'knowledge' });
  api = callApiWith(await testKeyOf(owner));
  const agent = await api('/agents', {
    method: 'POST',
    json: { name: 'Front desk', goal: "Confirm Kim's cleaning tomorrow at 3 pm." },
  });
  agentId = ((await agent.json()) as { id: string }).id;
});
afterAll(deleteCreatedUsers);

const add = (json: unknown, agent = agentId, call = api) =>
  call(`/agents/${agent}/documents`, { method: 'POST', json });

describe('knowledge', () => {
  it('takes Markdown, CSV and PDF text, each passage with its place', async () => {
    const faq = await add({ name: 'faq.md', content: FAQ });
    expect(faq.status).toBe(201);
    expect(await faq.json()).toMatchObject({ object: 'document', format: 'markdown', passages: 2 });
    const csv = await add({ name: 'prices.csv', content: PRICES });
    expect(csv.status).toBe(201);
    const pdf = await add({
      name: 'parking.pdf',
      content_base64: pdfOf('Free parking behind the clinic on Elm Street.'),
    });
    expect(pdf.status).toBe(201);
    expect(await pdf.json()).toMatchObject({ format: 'pdf', passages: 1 });

    const search = async (q: string) =>
      (
        (await (await api(`/agents/${agentId}/knowledge?q=${encodeURIComponent(q)}`)).json()) as {
          data: Found[];
        }
      ).data;
    expect((await search('Do you take my insurance?'))[0]).toMatchObject({
      document: 'faq.md',
      place: 'lines 3–3, section “Insurance”'.replace('lines 3–3', 'line 3'),
      content: expect.stringContaining('Delta Dental'),
    });
    expect((await search('how much is whitening'))[0]).toMatchObject({
      document: 'prices.csv',
      place: 'row 2',
      content: 'Service: Whitening, in office; Price: $350; Notes: One visit',
    });
    expect((await search('where can I park?'))[0]).toMatchObject({
      document: 'parking.pdf',
      place: 'page 1',
    });
    expect(await search('astronomy')).toEqual([]);

    const listed = (await (await api(`/agents/${agentId}/documents`)).json()) as {
      data: { name: string }[];
    };
    expect(listed.data.map((one) => one.name)).toEqual(['faq.md', 'prices.csv', 'parking.pdf']);
  });

  it('answers a callee’s question during a call, and the transcript and events show the lookup', async () => {
    const response = await api('?wait=true', {
      method: 'POST',
      json: { phone_number: '+14155550111', agent_id: agentId },
    });
    expect(response.status).toBe(201);
    const task = (await response.json()) as {
      id: string;
      status: string;
      transcript: { speaker: string; text: string }[];
    };
    expect(task.status).toBe('success');
    const said = task.transcript.map((turn) => turn.text).join('\n');
    expect(said).toContain('Do you take my insurance, and what are your hours?');
    expect(said).toContain('[faq.md,');
    expect(said).toContain('Delta Dental');
    const events = await readSseData<Event>(await api(`/${task.id}/events`));
    const lookup = events.find((event) => event.type === 'knowledge.searched');
    expect(lookup?.data).toMatchObject({
      query: 'Do you take my insurance, and what are your hours?',
      results: expect.arrayContaining([expect.objectContaining({ document: 'faq.md' })]),
    });
  });

  it('refuses what it cannot read or keep, clearly', async () => {
    for (const body of [
      { name: 'x.md' },
      { name: 'x.md', content: 'a', content_base64: 'YQ==' },
      { name: 'x.pdf', content_base64: Buffer.from('not a pdf').toString('base64') },
      { name: 'x.md', content: '   \n\n  ' },
      { name: 'x.txt', content: 'x'.repeat(1_100_000) },
    ]) {
      const refused = await add(body);
      expect([400, 413], JSON.stringify(body).slice(0, 60)).toContain(refused.status);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toMatch(
        /invalid_request|payload_too_large/,
      );
    }
  });

  it('is never another account’s, and goes when removed', async () => {
    const stranger = await createCallingAccount({ label: 'knowledge-stranger' });
    const theirs = callApiWith(await testKeyOf(stranger));
    expect((await add({ name: 'mine.md', content: 'x' }, agentId, theirs)).status).toBe(404);
    expect((await theirs(`/agents/${agentId}/documents`)).status).toBe(404);
    expect((await theirs(`/agents/${agentId}/knowledge?q=insurance`)).status).toBe(404);
    const { data } = await stranger.client.from('agent_document_passages').select('content');
    expect(data).toEqual([]);
    const { data: mine } = await owner.client
      .from('agent_documents')
      .select('name')
      .eq('agent_id', agentId);
    expect(mine!.length).toBeGreaterThan(0);

    const doc = (await (
      await add({ name: 'temp.md', content: 'Temporary closure on Friday.' })
    ).json()) as { id: string };
    expect(
      (await theirs(`/agents/${agentId}/documents/${doc.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const removed = await api(`/agents/${agentId}/documents/${doc.id}`, { method: 'DELETE' });
    expect(await removed.json()).toEqual({ object: 'document', id: doc.id, deleted: true });
    const { count } = await serviceClient()
      .from('agent_document_passages')
      .select('*', { count: 'exact', head: true })
      .eq('document_id', doc.id);
    expect(count).toBe(0);
  });
});
