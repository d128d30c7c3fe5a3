import { MCP_URL, TASK_URL } from '@/features/docs/content/api-reference';

export type CodeLanguage = 'curl' | 'javascript' | 'python' | 'sdk' | 'json' | 'text';

export type CodeSample = { language: CodeLanguage; code: string };

import {
  cancelTaskRequest,
  createTaskRequest,
  errorExample,
  eventsRequest,
  eventStreamText,
  getTaskRequest,
  listTasksNextPageRequest,
  listTasksRequest,
  resultRequest,
  taskExample,
  toolRequest,
  urlOf,
  webhookDeliveryExample,
  type WireRequest,
} from '@/features/docs/content/wire-examples';
import { jsLiteral, jsonLiteral, pyLiteral } from '@/features/docs/content/snippets';

/** Text inside single quotes in a POSIX shell: each ' closes the quote, is escaped, and reopens it. */
export const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** `curl` for a request of wire-examples.ts: its URL, headers and body as the wire gets them. */
export function curlOf(request: WireRequest, extraHeaders: Record<string, string> = {}): string {
  const method = request.method === 'GET' ? '' : `-X ${request.method} `;
  const headers = {
    Authorization: 'Bearer $DIALWISE_API_KEY',
    ...(request.body ? { 'Content-Type': 'application/json' } : {}),
    ...request.headers,
    ...extraHeaders,
  };
  const lines = [
    `curl ${method}"${urlOf(request)}"`,
    ...Object.entries(headers).map(([name, value]) => `  -H "${name}: ${value}"`),
    ...(request.body ? [`  -d ${shellQuoted(jsonLiteral(request.body, '  '))}`] : []),
  ];
  return lines.join(' \\\n');
}

/** The body as `fetch` sends it, indented for a call nested `indent` deep. */
export const jsBody = (request: WireRequest, indent = '  ') =>
  `body: JSON.stringify(${jsLiteral(request.body, indent)}),`;

/** The body as `requests` sends it (json=…). */
export const pyBody = (request: WireRequest, indent = '    ') =>
  `json=${pyLiteral(request.body, indent)},`;

const createTaskJs = `const response = await fetch('${urlOf(createTaskRequest)}', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\`,
    'Content-Type': 'application/json',
    'Idempotency-Key': '${createTaskRequest.headers['Idempotency-Key']}',
  },
  ${jsBody(createTaskRequest)}
});

const task = await response.json();
if (!response.ok) throw new Error(\`\${task.error.code}: \${task.error.message}\`);

console.log(task.status); // "success"
if (task.status === 'success') {
  console.log(task.transcription);
}`;

export const createTaskSamples: CodeSample[] = [
  { language: 'curl', code: curlOf(createTaskRequest) },
  { language: 'javascript', code: createTaskJs },
  {
    language: 'python',
    code: `import os
import requests

response = requests.post(
    "${TASK_URL}",
    params={"wait": "true"},
    headers={
        "Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}",
        "Idempotency-Key": "${createTaskRequest.headers['Idempotency-Key']}",
    },
    ${pyBody(createTaskRequest)}
    timeout=600,
)
task = response.json()
if not response.ok:
    raise RuntimeError(f"{task['error']['code']}: {task['error']['message']}")

print(task["status"])  # "success"
if task["status"] == "success":
    print(task["transcription"])`,
  },
];

export const getTaskSamples: CodeSample[] = [
  { language: 'curl', code: curlOf(getTaskRequest) },
  {
    language: 'javascript',
    code: `const response = await fetch('${urlOf(getTaskRequest)}', {
  headers: { Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\` },
});
const task = await response.json();
console.log(task.status, task.outcome, task.transcription);`,
  },
  {
    language: 'python',
    code: `task = requests.get(
    "${urlOf(getTaskRequest)}",
    headers={"Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}"},
    timeout=30,
).json()
print(task["status"], task["outcome"], task["transcription"])`,
  },
];

export const taskObjectSample: CodeSample[] = [
  { language: 'json', code: JSON.stringify(taskExample, null, 2) },
];

export const resultSamples: CodeSample[] = [
  { language: 'curl', code: curlOf(resultRequest) },
  {
    language: 'javascript',
    code: `import { writeFile } from 'node:fs/promises';

const response = await fetch('${urlOf(resultRequest)}', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\`,
    'Content-Type': 'application/json',
  },
  ${jsBody(resultRequest)}
});
const task = await response.json();
console.log(task.result); // { confirmed: true, new_time: null, preferred_channel: "sms" }

// The audio is served with the same key, never at a public address.
const audio = await fetch(task.recording_url, {
  headers: { Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\` },
});
await writeFile('call.wav', Buffer.from(await audio.arrayBuffer()));`,
  },
  {
    language: 'python',
    code: `task = requests.post(
    "${TASK_URL}",
    params={"wait": "true"},
    headers={"Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}"},
    ${pyBody(resultRequest)}
    timeout=600,
).json()
print(task["result"])  # {"confirmed": True, "new_time": None, "preferred_channel": "sms"}

audio = requests.get(
    task["recording_url"],
    headers={"Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}"},
    timeout=60,
)
open("call.wav", "wb").write(audio.content)`,
  },
];

export const listTasksSamples: CodeSample[] = [
  {
    language: 'curl',
    code: `${curlOf(listTasksRequest)}

# The next page: starting_after is the previous page's next_cursor
${curlOf(listTasksNextPageRequest)}`,
  },
  {
    language: 'javascript',
    code: `let cursor;
do {
  const url = new URL('${TASK_URL}');
  url.searchParams.set('status', 'success');
  if (cursor) url.searchParams.set('starting_after', cursor);
  const response = await fetch(url, {
    headers: { Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\` },
  });
  const page = await response.json();
  for (const task of page.data) console.log(task.id, task.status);
  cursor = page.next_cursor;
} while (cursor);`,
  },
  {
    language: 'python',
    code: `cursor = None
while True:
    params = {"status": "success"}
    if cursor:
        params["starting_after"] = cursor
    page = requests.get(
        "${TASK_URL}",
        params=params,
        headers={"Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}"},
        timeout=30,
    ).json()
    for task in page["data"]:
        print(task["id"], task["status"])
    cursor = page.get("next_cursor")
    if not cursor:
        break`,
  },
];

export const cancelTaskSamples: CodeSample[] = [
  { language: 'curl', code: curlOf(cancelTaskRequest) },
  {
    language: 'javascript',
    code: `const response = await fetch('${urlOf(cancelTaskRequest)}', {
  method: 'POST',
  headers: { Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\` },
});
const task = await response.json(); // status: "canceled"`,
  },
  {
    language: 'python',
    code: `task = requests.post(
    "${urlOf(cancelTaskRequest)}",
    headers={"Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}"},
    timeout=30,
).json()  # status: "canceled"`,
  },
];

export const eventsSamples: CodeSample[] = [
  {
    language: 'curl',
    code: `curl -N "${urlOf(eventsRequest)}" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY" \\
  -H "Accept: text/event-stream" \\
  -H "Last-Event-ID: 3"   # optional: resume after event 3`,
  },
  {
    language: 'javascript',
    code: `// EventSource cannot send an Authorization header, so read the stream with fetch.
const response = await fetch('${urlOf(eventsRequest)}', {
  headers: {
    Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\`,
    Accept: 'text/event-stream',
  },
});
const decoder = new TextDecoder();
let buffer = '';
for await (const chunk of response.body) {
  buffer += decoder.decode(chunk, { stream: true });
  let end;
  while ((end = buffer.indexOf('\\n\\n')) !== -1) {
    const message = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const event = /^event: (.*)$/m.exec(message)?.[1];
    const data = /^data: (.*)$/m.exec(message)?.[1];
    console.log(event, data && JSON.parse(data));
  }
}`,
  },
  {
    language: 'python',
    code: `with requests.get(
    "${urlOf(eventsRequest)}",
    headers={
        "Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}",
        "Accept": "text/event-stream",
    },
    stream=True,
    timeout=(10, None),
) as response:
    for line in response.iter_lines(decode_unicode=True):
        if line.startswith(("id:", "event:", "data:")):
            print(line)`,
  },
];

export const eventStreamSample: CodeSample[] = [{ language: 'text', code: eventStreamText }];

/** A webhook delivery as the receiver gets it: headers, then the raw body. */
export const webhookDeliverySample: CodeSample[] = [
  {
    language: 'text',
    code: `POST /hooks/calls HTTP/1.1
${Object.entries(webhookDeliveryExample.headers)
  .map(([name, value]) => `${name}: ${value}`)
  .join('\n')}

${JSON.stringify(webhookDeliveryExample.body, null, 2)}`,
  },
];

export const webhookVerifySamples: CodeSample[] = [
  {
    language: 'javascript',
    code: `import crypto from 'node:crypto';

// rawBody: the request body exactly as received (a string), before any JSON parsing.
// secret: your signing secret from the dashboard, e.g. "whsec_…".
export function verifyWebhook(rawBody, headers, secret) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;

  // Reject deliveries older or newer than 5 minutes to stop replays.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;

  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto
    .createHmac('sha256', key)
    .update(\`\${id}.\${timestamp}.\${rawBody}\`)
    .digest();

  // The header may carry several space-separated signatures, e.g. during secret rotation.
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const received = Buffer.from(signature, 'base64');
    return received.length === expected.length && crypto.timingSafeEqual(received, expected);
  });
}`,
  },
  {
    language: 'python',
    code: `import base64
import hashlib
import hmac
import time

# raw_body: the request body exactly as received (bytes), before any JSON parsing.
# secret: your signing secret from the dashboard, e.g. "whsec_…".
def verify_webhook(raw_body: bytes, headers, secret: str) -> bool:
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not (msg_id and timestamp and signatures):
        return False

    # Reject deliveries older or newer than 5 minutes to stop replays.
    if abs(time.time() - int(timestamp)) > 300:
        return False

    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()

    # The header may carry several space-separated signatures, e.g. during secret rotation.
    return any(
        hmac.compare_digest(expected, entry.split(",", 1)[1])
        for entry in signatures.split(" ")
        if entry.startswith("v1,")
    )`,
  },
];

export const errorSample: CodeSample[] = [
  { language: 'json', code: JSON.stringify(errorExample, null, 2) },
];

/** Claude Code: one command adds the server for the current project. */
export const mcpClaudeCodeSample: CodeSample[] = [
  {
    language: 'text',
    code: `claude mcp add --transport http dialwise ${MCP_URL} \\
  --header "Authorization: Bearer $DIALWISE_API_KEY"`,
  },
];

/** Cursor: ~/.cursor/mcp.json (or .cursor/mcp.json in a project). */
export const mcpConfigSample: CodeSample[] = [
  {
    language: 'json',
    code: `{
  "mcpServers": {
    "dialwise": {
      "url": "${MCP_URL}",
      "headers": { "Authorization": "Bearer <your API key>" }
    }
  }
}`,
  },
];

/** VS Code: .vscode/mcp.json, the key asked for once and stored by VS Code. */
export const mcpVsCodeSample: CodeSample[] = [
  {
    language: 'json',
    code: `{
  "inputs": [
    { "type": "promptString", "id": "dialwise-key", "description": "Dialwise API key", "password": true }
  ],
  "servers": {
    "dialwise": {
      "type": "http",
      "url": "${MCP_URL}",
      "headers": { "Authorization": "Bearer \${input:dialwise-key}" }
    }
  }
}`,
  },
];

/** Clients that cannot send headers (e.g. Claude Desktop's JSON config): the mcp-remote bridge. */
export const mcpRemoteSample: CodeSample[] = [
  {
    language: 'json',
    code: `{
  "mcpServers": {
    "dialwise": {
      "command": "npx",
      "args": ["-y", "mcp-remote", "${MCP_URL}", "--header", "Authorization:\${DIALWISE_AUTH}"],
      "env": { "DIALWISE_AUTH": "Bearer <your API key>" }
    }
  }
}`,
  },
];

export const webhookLibrarySamples: CodeSample[] = [
  {
    language: 'javascript',
    code: `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.DIALWISE_WEBHOOK_SECRET); // "whsec_…" from the dashboard

// Express: keep the raw body, e.g. app.post('/hooks/calls', express.text({ type: '*/*' }), …)
app.post('/hooks/calls', (req, res) => {
  let event;
  try {
    event = wh.verify(req.body, req.headers); // throws on a bad signature or an old timestamp
  } catch {
    return res.status(400).send('bad signature');
  }
  // webhook-id is the same on every retry of one event: ignore ids you have already handled.
  console.log(event.type, event.task_id, event.data);
  res.sendStatus(204);
});`,
  },
  {
    language: 'python',
    code: `# pip install standardwebhooks
import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook

app = Flask(__name__)
wh = Webhook(os.environ["DIALWISE_WEBHOOK_SECRET"])  # "whsec_…" from the dashboard

@app.post("/hooks/calls")
def calls_hook():
    try:
        event = wh.verify(request.get_data(), dict(request.headers))
    except Exception:
        return "bad signature", 400
    # webhook-id is the same on every retry of one event: ignore ids you have already handled.
    print(event["type"], event["task_id"], event["data"])
    return "", 204`,
  },
];

/** A task with one of the integrator's tools, and what its url receives and answers. */
export const toolSamples: CodeSample[] = [
  { language: 'curl', code: curlOf(toolRequest) },
  {
    language: 'javascript',
    code: `import express from 'express';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.DIALWISE_WEBHOOK_SECRET); // whsec_…
const app = express();
app.post('/dialwise/prescription', express.text({ type: '*/*' }), (req, res) => {
  // { type: "tool.call", task_id, attempt, tool_call_id, name, arguments, metadata }
  const call = wh.verify(req.body, req.headers);
  const ready = lookUp(call.arguments.patient_name);
  // Answer within 10 seconds with any JSON: the agent reads it to the callee.
  res.json({ ready, pickup_from: '4 pm' });
});`,
  },
  {
    language: 'python',
    code: `from flask import Flask, request, jsonify
from standardwebhooks.webhooks import Webhook

wh = Webhook(os.environ["DIALWISE_WEBHOOK_SECRET"])  # whsec_…
app = Flask(__name__)

@app.post("/dialwise/prescription")
def prescription():
    call = wh.verify(request.get_data(), request.headers)  # type: "tool.call"
    ready = look_up(call["arguments"]["patient_name"])
    # Answer within 10 seconds with any JSON: the agent reads it to the callee.
    return jsonify(ready=ready, pickup_from="4 pm")`,
  },
];

export const transferKeypadSamples: CodeSample[] = [
  {
    language: 'curl',
    code: `# Hand the callee to a person when they ask (warm: the person hears a summary first)
curl -X POST "${TASK_URL}" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "phone_number": "+14155550140",
    "goal": "Tell Max the lab results of his dog are in; book a follow-up visit.",
    "transfer": {
      "to": "+14155550141",
      "when": "They report urgent symptoms or ask for the vet.",
      "mode": "warm",
      "summary": true
    }
  }'

# Get an answer by keypad: the result takes the key pressed
curl -X POST "${TASK_URL}" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "phone_number": "+14155550144",
    "goal": "Ask whether load 4471 is on time: press 1 for on time, 2 for delayed.",
    "output_schema": {
      "type": "object",
      "properties": { "status": { "type": "string", "enum": ["on_time", "delayed"] } }
    }
  }'`,
  },
];
