import { TASK_URL } from '@/features/docs/content/api-reference';
import { curlOf, jsBody, pyBody, type CodeSample } from '@/features/docs/content/code-samples';
import { phoneAgentRequest } from '@/features/docs/content/wire-examples';

export const phoneAgentSamples: CodeSample[] = [
  { language: 'curl', code: curlOf(phoneAgentRequest) },
  {
    language: 'javascript',
    code: `const response = await fetch('${TASK_URL}', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\`,
    'Content-Type': 'application/json',
  },
  ${jsBody(phoneAgentRequest)}
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
    ${pyBody(phoneAgentRequest)}
    timeout=30,
).json()
print(task["id"], task["status"])  # "queued"`,
  },
];
