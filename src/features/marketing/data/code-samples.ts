import { TASK_URL } from '@/config/api';

/**
 * The landing page's example call: POST /task with phone_number and goal; `?wait=true` holds the
 * response until the call ends, so the one response carries `status` and `transcription`.
 * code-samples.test.ts checks it against the OpenAPI description.
 */
export const TASK_ENDPOINT = TASK_URL;

const goal = 'Confirm the dental appointment tomorrow at 3 pm; offer Thursday if not.';

export const codeSamples = [
  {
    id: 'javascript',
    label: 'JavaScript',
    code: `const res = await fetch("${TASK_ENDPOINT}?wait=true", {
  method: "POST",
  headers: {
    Authorization: \`Bearer \${process.env.DIALWISE_API_KEY}\`,
    "Content-Type": "application/json",
  },
  body: JSON.stringify({
    phone_number: "+14155550123",
    goal: "${goal}",
  }),
});

const task = await res.json();
console.log(task.status); // "success"
if (task.status === "success") {
  console.log(task.transcription);
}`,
  },
  {
    id: 'curl',
    label: 'cURL',
    code: `curl -X POST "${TASK_ENDPOINT}?wait=true" \\
  -H "Authorization: Bearer $DIALWISE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "phone_number": "+14155550123",
    "goal": "${goal}"
  }' | jq '{status, transcription}'`,
  },
] as const;
