import { MCP_URL, TASK_URL } from '@/features/docs/content/api-reference';

export type CodeLanguage = 'curl' | 'javascript' | 'python' | 'sdk' | 'json' | 'text';

export type CodeSample = { language: CodeLanguage; code: string };

const GOAL = 'Confirm the dental appointment for Kim Lee tomorrow at 3 pm; offer Thursday if not.';

export const createTaskSamples: CodeSample[] = [
  {
    language: 'curl',
    code: `curl -X POST "${TASK_URL}?wait=true" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: appointment-A-1001" \\
  -d '{
    "phone_number": "+14155550123",
    "goal": "${GOAL}",
    "metadata": { "appointment_id": "A-1001" }
  }'`,
  },
  {
    language: 'javascript',
    code: `const response = await fetch('${TASK_URL}?wait=true', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\`,
    'Content-Type': 'application/json',
    'Idempotency-Key': 'appointment-A-1001',
  },
  body: JSON.stringify({
    phone_number: '+14155550123',
    goal: '${GOAL}',
    metadata: { appointment_id: 'A-1001' },
  }),
});

const task = await response.json();
if (!response.ok) throw new Error(\`\${task.error.code}: \${task.error.message}\`);

console.log(task.status); // "success"
if (task.status === 'success') {
  console.log(task.transcription);
}`,
  },
  {
    language: 'python',
    code: `import os
import requests

response = requests.post(
    "${TASK_URL}",
    params={"wait": "true"},
    headers={
        "Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}",
        "Idempotency-Key": "appointment-A-1001",
    },
    json={
        "phone_number": "+14155550123",
        "goal": "${GOAL}",
        "metadata": {"appointment_id": "A-1001"},
    },
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
  {
    language: 'curl',
    code: `curl "${TASK_URL}/task_123" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY"`,
  },
  {
    language: 'javascript',
    code: `const response = await fetch('${TASK_URL}/task_123', {
  headers: { Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\` },
});
const task = await response.json();
console.log(task.status, task.outcome, task.transcription);`,
  },
  {
    language: 'python',
    code: `task = requests.get(
    "${TASK_URL}/task_123",
    headers={"Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}"},
    timeout=30,
).json()
print(task["status"], task["outcome"], task["transcription"])`,
  },
];

export const taskObjectSample: CodeSample[] = [
  {
    language: 'json',
    code: `{
  "id": "task_123",
  "status": "success",
  "outcome": "achieved",
  "phone_number": "+14155550123",
  "goal": "${GOAL}",
  "metadata": { "appointment_id": "A-1001" },
  "created_at": "2025-04-22T15:00:00Z",
  "started_at": "2025-04-22T15:30:04Z",
  "ended_at": "2025-04-22T15:31:18Z",
  "duration_seconds": 74,
  "billed_minutes": 2,
  "cost_usd": 0.02,
  "free_minutes_used": 0,
  "attempts": [
    { "number": 1, "status": "no_answer", "at": "2025-04-22T15:00:02Z" },
    { "number": 2, "status": "success", "at": "2025-04-22T15:30:04Z" }
  ],
  "transcript": [
    { "speaker": "agent", "text": "Hi, this is Aria calling from Bright Smiles.", "start_ms": 0, "end_ms": 2100 },
    { "speaker": "callee", "text": "Hi! Yes, tomorrow at 3 works.", "start_ms": 2600, "end_ms": 4300 }
  ],
  "transcription": "Agent: Hi, this is Aria calling from Bright Smiles.\\nCallee: Hi! Yes, tomorrow at 3 works.",
  "summary": "Kim confirmed tomorrow at 3 pm.",
  "output_schema": null,
  "result": null,
  "record": false,
  "recording_url": null
}`,
  },
];

const RESULT_SCHEMA = `{
      "type": "object",
      "properties": {
        "confirmed": { "type": "boolean" },
        "new_time": { "type": ["string", "null"] },
        "preferred_channel": { "type": "string", "enum": ["phone", "sms", "email"] }
      }
    }`;

export const resultSamples: CodeSample[] = [
  {
    language: 'curl',
    code: `curl -X POST "${TASK_URL}?wait=true" \
  -H "Authorization: Bearer $DIALWISE_API_KEY" \
  -H "Content-Type: application/json" \
  -d '{
    "phone_number": "+14155550123",
    "goal": "${GOAL}",
    "output_schema": ${RESULT_SCHEMA},
    "record": true,
    "recording_retention_days": 30
  }'`,
  },
  {
    language: 'javascript',
    code: `import { writeFile } from 'node:fs/promises';

const response = await fetch('${TASK_URL}?wait=true', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    phone_number: '+14155550123',
    goal: '${GOAL}',
    output_schema: {
      type: 'object',
      properties: {
        confirmed: { type: 'boolean' },
        new_time: { type: ['string', 'null'] },
        preferred_channel: { type: 'string', enum: ['phone', 'sms', 'email'] },
      },
    },
    record: true,
  }),
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
    json={
        "phone_number": "+14155550123",
        "goal": "${GOAL}",
        "output_schema": {
            "type": "object",
            "properties": {
                "confirmed": {"type": "boolean"},
                "new_time": {"type": ["string", "null"]},
                "preferred_channel": {"type": "string", "enum": ["phone", "sms", "email"]},
            },
        },
        "record": True,
    },
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
    code: `curl "${TASK_URL}?status=success" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY"

# Next page: pass the cursor from the previous response
curl "${TASK_URL}?status=success&cursor=<next_cursor>" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY"`,
  },
  {
    language: 'javascript',
    code: `let cursor;
do {
  const url = new URL('${TASK_URL}');
  url.searchParams.set('status', 'success');
  if (cursor) url.searchParams.set('cursor', cursor);
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
        params["cursor"] = cursor
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
  {
    language: 'curl',
    code: `curl -X POST "${TASK_URL}/task_123/cancel" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY"`,
  },
  {
    language: 'javascript',
    code: `const response = await fetch('${TASK_URL}/task_123/cancel', {
  method: 'POST',
  headers: { Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\` },
});
const task = await response.json(); // status: "canceled"`,
  },
  {
    language: 'python',
    code: `task = requests.post(
    "${TASK_URL}/task_123/cancel",
    headers={"Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}"},
    timeout=30,
).json()  # status: "canceled"`,
  },
];

export const eventsSamples: CodeSample[] = [
  {
    language: 'curl',
    code: `curl -N "${TASK_URL}/task_123/events" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY" \\
  -H "Accept: text/event-stream" \\
  -H "Last-Event-ID: 3"   # optional: resume after event 3`,
  },
  {
    language: 'javascript',
    code: `// EventSource cannot send an Authorization header, so read the stream with fetch.
const response = await fetch('${TASK_URL}/task_123/events', {
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
    "${TASK_URL}/task_123/events",
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

export const eventStreamSample: CodeSample[] = [
  {
    language: 'text',
    code: `id: 1
event: task.queued
data: {"id":1,"event_id":"evt_task_01M8F65FKB5JZA9E26B3SX20GA_1","type":"task.queued","task_id":"task_01M8F65FKB5JZA9E26B3SX20GA","created_at":"2026-11-27T19:01:57.515Z","data":{}}

id: 2
event: call.ringing
data: {"id":2,"event_id":"evt_task_01M8F65FKB5JZA9E26B3SX20GA_2","type":"call.ringing","task_id":"task_01M8F65FKB5JZA9E26B3SX20GA","created_at":"2026-11-27T19:01:58.219Z","data":{"attempt":1}}

id: 4
event: transcript.turn
data: {"id":4,"event_id":"evt_task_01M8F65FKB5JZA9E26B3SX20GA_4","type":"transcript.turn","task_id":"task_01M8F65FKB5JZA9E26B3SX20GA","created_at":"2026-11-27T19:01:58.521Z","data":{"attempt":1,"speaker":"agent","text":"Hi, this is Aria calling from Bright Smiles.","start_ms":0,"end_ms":2100}}

id: 11
event: call.ended
data: {"id":11,"event_id":"evt_task_01M8F65FKB5JZA9E26B3SX20GA_11","type":"call.ended","task_id":"task_01M8F65FKB5JZA9E26B3SX20GA","created_at":"2026-11-27T19:02:00.301Z","data":{"attempt":1,"status":"success","call_outcome":"human_answered","ended_reason":"customer-ended-call"}}

id: 12
event: task.completed
data: {"id":12,"event_id":"evt_task_01M8F65FKB5JZA9E26B3SX20GA_12","type":"task.completed","task_id":"task_01M8F65FKB5JZA9E26B3SX20GA","created_at":"2026-11-27T19:02:00.301Z","data":{"id":"task_01M8F65FKB5JZA9E26B3SX20GA","object":"task","status":"success","outcome":"achieved","…":"the whole task, as GET /task/{id} answers it"}}`,
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
  {
    language: 'json',
    code: `{
  "error": {
    "code": "invalid_request",
    "message": "phone_number must be a US number in E.164 form, like +14155550123",
    "field": "phone_number"
  }
}`,
  },
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
  {
    language: 'curl',
    code: `curl -X POST "${TASK_URL}" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "phone_number": "+14155550110",
    "goal": "Tell Kim her prescription is ready; answer her questions about it.",
    "tools": [{
      "name": "check_prescription",
      "description": "Whether a prescription is ready for pickup, and from when.",
      "parameters": {
        "type": "object",
        "properties": { "patient_name": { "type": "string" } },
        "required": ["patient_name"]
      },
      "url": "https://pharmacy.example.com/dialwise/prescription"
    }]
  }'`,
  },
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
    "goal": "Tell Max his dog's lab results are in; book a follow-up visit.",
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
