import { TASK_URL } from '@/features/docs/content/api-reference';
import type { CodeSample } from '@/features/docs/content/code-samples';

const GOAL = 'Remind Ana Ruiz that rent is due on the 1st and ask when she plans to pay.';

export const phoneAgentSamples: CodeSample[] = [
  {
    language: 'curl',
    code: `curl -X POST "${TASK_URL}" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "phone_number": "+14155550123",
    "goal": "${GOAL}",
    "voice": "Roger",
    "speaking_style": "Friendly",
    "language": "es"
  }'`,
  },
  {
    language: 'javascript',
    code: `const response = await fetch('${TASK_URL}', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    phone_number: '+14155550123',
    goal: '${GOAL}',
    voice: 'Roger',
    speaking_style: 'Friendly',
    language: 'es',
  }),
});
const task = await response.json();
console.log(task.id, task.status); // "queued"`,
  },
  {
    language: 'python',
    code: `import os
import requests

task = requests.post(
    "${TASK_URL}",
    headers={"Authorization": f"Bearer {os.environ['DIALWISE_API_KEY']}"},
    json={
        "phone_number": "+14155550123",
        "goal": "${GOAL}",
        "voice": "Roger",
        "speaking_style": "Friendly",
        "language": "es",
    },
    timeout=30,
).json()
print(task["id"], task["status"])  # "queued"`,
  },
];
