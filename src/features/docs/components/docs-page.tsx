import {
  CALL_OUTCOMES,
  CALL_OUTCOME_DESCRIPTIONS,
  CALL_OUTCOME_LABELS,
  FAILURE_CODES,
  FAILURE_MESSAGES,
  TERMINAL_EVENT_BOUND_MINUTES,
} from '@contract/call-outcomes.ts';
import { LIMITS } from '@contract/limits.ts';
import { TOOL_LIMITS } from '@contract/task-tools.ts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FREE_MINUTES, PRODUCT_NAME } from '@/config/constants';
import { LOCAL_MAILBOX_URL, OPENAPI_PATH, SMS_NUMBER } from '@/config/api';
import { smsExamples, smsKeywords } from '@/features/docs/content/sms';
import { paths } from '@/config/paths';
import {
  centsPerMinute,
  errorCodes,
  eventTypes,
  IS_LOCAL_STACK,
  MCP_URL,
  mcpTools,
  outcomes,
  requestFields,
  simulatedNumbers,
  TASK_URL,
  taskFields,
  taskStatuses,
} from '@/features/docs/content/api-reference';
import {
  cancelTaskSamples,
  createTaskSamples,
  errorSample,
  eventStreamSample,
  eventsSamples,
  getTaskSamples,
  listTasksSamples,
  resultSamples,
  toolSamples,
  transferKeypadSamples,
  mcpClaudeCodeSample,
  mcpConfigSample,
  mcpRemoteSample,
  mcpVsCodeSample,
  taskObjectSample,
  webhookLibrarySamples,
  webhookDeliverySample,
  webhookVerifySamples,
} from '@/features/docs/content/code-samples';
import {
  sdkCreateSample,
  sdkErrorSample,
  sdkEventsSample,
  sdkInstallSample,
  sdkListSample,
  sdkWebhookSample,
} from '@/features/docs/content/sdk-samples';
import { CodeBlock, CodeLanguageProvider } from '@/features/docs/components/code-block';
import {
  AnchorLink,
  DocsLayout,
  DocsSection,
  DocsTable,
  FieldTable,
  InlineCode,
  RichText,
  SubHeading,
  type TocItem,
} from '@/features/docs/components/docs-layout';
import {
  FEDERAL_HOURS_SOURCE,
  STATE_RULES,
  WEEKDAY_NAMES,
  dayHoursText,
} from '@/features/docs/content/calling-rules';
import { RESULT_COLUMNS_BEFORE_RESULT } from '@/lib/batch-results-columns';
import { useDocumentMeta } from '@/lib/use-document-meta';

const toc: TocItem[] = [
  { id: 'quick-start', title: 'Quick start' },
  { id: 'sdk', title: 'TypeScript SDK' },
  { id: 'test-numbers', title: 'Test numbers' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'create-task', title: 'Create a task' },
  { id: 'wait', title: 'Wait for the result' },
  { id: 'idempotency', title: 'Idempotency' },
  { id: 'task-object', title: 'The task object' },
  { id: 'statuses', title: 'Statuses and outcome' },
  { id: 'results', title: 'Results and recordings' },
  { id: 'tools', title: 'Tools during the call' },
  { id: 'transfer-keypad', title: 'Transfer and keypad' },
  { id: 'agents', title: 'Agents, knowledge and tests' },
  { id: 'get-task', title: 'Get a task' },
  { id: 'list-tasks', title: 'List tasks' },
  { id: 'cancel-task', title: 'Cancel a task' },
  { id: 'legal-basis', title: 'Legal basis' },
  { id: 'numbers', title: 'Numbers and calls back' },
  { id: 'calling-rules', title: 'Calling rules' },
  { id: 'batches', title: 'Batches' },
  { id: 'events', title: 'Streaming events' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'billing', title: 'Minutes and credits' },
  { id: 'errors', title: 'Errors' },
  { id: 'rate-limits', title: 'Rate limiting' },
  { id: 'mcp', title: 'MCP endpoint' },
  { id: 'sms', title: 'Calls by text message' },
];

export function DocsPage() {
  useDocumentMeta(
    `API reference | ${PRODUCT_NAME}`,
    `Place AI phone calls with one request: the ${PRODUCT_NAME} task API, with authentication, task statuses, streaming events, signed webhooks, errors and examples in curl, JavaScript and Python.`,
  );

  return (
    <CodeLanguageProvider>
      <DocsLayout
        title="API reference"
        lead={
          <p>
            Send a phone number and a goal; our AI voice agent places the call, pursues the goal and
            returns the status, transcript and summary, streamed as it happens. Everything goes
            through one endpoint, <InlineCode>/functions/v1/task</InlineCode>.
          </p>
        }
        actions={
          <>
            <Button asChild>
              <Link to={paths.auth.href}>Get an API key</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.docsPhoneAgent.href}>Phone agent settings</Link>
            </Button>
            <Button asChild variant="outline">
              {/* A file, not a page of the app: a plain link, which the router leaves alone. */}
              <a href={OPENAPI_PATH} download="dialwise-openapi.yaml">
                OpenAPI description (YAML)
              </a>
            </Button>
          </>
        }
        toc={toc}
      >
        <DocsSection id="quick-start" title="Quick start">
          <p>
            Every request goes to this deployment&rsquo;s API base URL, which the dashboard shows
            beside your API key: <InlineCode>{TASK_URL}</InlineCode>. Every example on this page
            uses it, so it runs as written.
            {IS_LOCAL_STACK
              ? ' This is the local stack: it places calls on a simulated phone network, with a scripted callee that follows your goal, so no real phone rings.'
              : ' A test key (dw_test_) places calls on a simulated phone network instead, free, so no real phone rings.'}
          </p>
          <p>
            This request places a call, waits for it to end, then reads{' '}
            <InlineCode>status</InlineCode> and <InlineCode>transcription</InlineCode>:
          </p>
          <CodeBlock
            title="Create a task and read the result"
            samples={[...createTaskSamples, sdkCreateSample]}
          />
          <p>
            The whole API is also described in OpenAPI 3.1:{' '}
            <a
              className="font-medium text-primary underline-offset-4 hover:underline"
              href={OPENAPI_PATH}
            >
              openapi.yaml
            </a>
            , ready for code generators and API clients.
          </p>
        </DocsSection>

        <DocsSection id="sdk" title="TypeScript SDK">
          <p>
            <InlineCode>@dialwise/sdk</InlineCode> wraps every call of this page with types
            generated from <InlineCode>openapi.yaml</InlineCode>: create (with an Idempotency-Key
            and <InlineCode>wait</InlineCode>), get, list with every page followed, cancel, wait,
            events as an async iterator that resumes with Last-Event-ID, batches, recordings,
            webhook signature checks, and errors as <InlineCode>DialwiseError</InlineCode> with{' '}
            <InlineCode>status</InlineCode>, <InlineCode>code</InlineCode>,{' '}
            <InlineCode>requestId</InlineCode> and <InlineCode>retryAfter</InlineCode>. It has no
            dependencies and runs wherever <InlineCode>fetch</InlineCode> does (Node 18+, Deno, Bun,
            browsers). It is not on the npm registry yet: build the package from the repository.
            Pick <em>TypeScript SDK</em> in any example below to see it beside curl and Python.
          </p>
          <CodeBlock title="Install the SDK" samples={sdkInstallSample} />
          <CodeBlock title="Catch an API error with the SDK" samples={[sdkErrorSample]} />
        </DocsSection>

        <DocsSection id="test-mode" title="Test mode">
          <p>
            Every account has two keys: a live key (<InlineCode>dw_live_…</InlineCode>; a key made
            before test mode, <InlineCode>dw_…</InlineCode>, is live too) and a test key (
            <InlineCode>dw_test_…</InlineCode>). A test key works everywhere a live key does: the
            API, batches, the MCP endpoint, and text messages that start with the word{' '}
            <InlineCode>TEST</InlineCode>. Its calls never ring a real phone: they go to the
            simulated phone network below, and they are free (no credits, no free minutes). Test
            mode still needs your business details (KYC) and a verified phone.
          </p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              Every task carries <InlineCode>livemode</InlineCode> (<InlineCode>false</InlineCode>{' '}
              in test mode). Listing tasks with a key shows only that key’s mode; the dashboard’s
              Test / Live switch does the same.
            </li>
            <li>
              A test task’s calling window is judged on its <InlineCode>test_clock</InlineCode>. By
              default it is <InlineCode>{'"open"'}</InlineCode>: the call rings at once, at any
              hour. Set <InlineCode>{'"test_clock": "2026-11-27T23:30:00-08:00"'}</InlineCode> to
              see what live mode would do at that moment: a California number is then{' '}
              <InlineCode>scheduled</InlineCode> for 09:00 on that clock (its auto-dialer statute
              opens at 9), with a <InlineCode>scheduled_reason</InlineCode> in words. The clock runs
              on from there in real time.
            </li>
            <li>
              Live mode always follows the real clock and the calling window;{' '}
              <InlineCode>test_clock</InlineCode> on a live key is refused with{' '}
              <InlineCode>400</InlineCode>.
            </li>
            <li>
              Retries in test mode may wait a second per minute of their interval:{' '}
              <InlineCode>
                {'"retry": { "interval_minutes": 30, "compress_waits": true }'}
              </InlineCode>{' '}
              retries after 30 seconds, so a test batch with retries finishes while you watch (as a
              batch&apos;s <InlineCode>task_defaults</InlineCode> or per row). A live key with it is
              refused with <InlineCode>400</InlineCode>.
            </li>
            <li>
              A waiting test task&apos;s clock moves ahead on request, as Stripe&apos;s test clocks
              do: <InlineCode>POST /task/{'{id}'}/test-clock/advance</InlineCode> with{' '}
              <InlineCode>{'{ "minutes": 60 }'}</InlineCode> brings whatever it waits for (its
              calling window, <InlineCode>schedule_at</InlineCode>, a retry) an hour sooner, and the
              call is placed once it is due;{' '}
              <InlineCode>POST /task/batches/{'{id}'}/test-clock/advance</InlineCode> moves every
              waiting task of a test batch. Live tasks have no test clock.
            </li>
            <li>
              Talk to your agent from the browser before it calls anyone: the dashboard&apos;s{' '}
              <strong>Talk to your agent</strong>, or <InlineCode>POST /task/web-calls</InlineCode>{' '}
              with <InlineCode>{'{ "goal": "…" }'}</InlineCode> and a test key, then{' '}
              <InlineCode>POST /task/{'{id}'}/web-call/say</InlineCode> with{' '}
              <InlineCode>{'{ "text": "Who is this?" }'}</InlineCode> for each thing you say, and{' '}
              <InlineCode>POST /task/{'{id}'}/web-call/end</InlineCode> to hang up. The agent opens
              as a call would and answers by rules, with a synthetic voice; the call is a free test
              task (<InlineCode>direction: web</InlineCode>). With a live key it is the voice
              provider&apos;s call, billed by the minute: the answer&apos;s{' '}
              <InlineCode>websocket.url</InlineCode> takes your audio (16 kHz 16-bit PCM both ways),
              and the agent&apos;s words arrive as the task&apos;s{' '}
              <InlineCode>transcript.turn</InlineCode> events.
            </li>
            <li>
              Hear a voice before you choose it:{' '}
              <InlineCode>GET /task/voices/Sarah/sample?language=de</InlineCode> answers a WAV of
              the voice saying its greeting in that language (the Phone Agent page plays it too).
            </li>
            <li>
              A simulated call runs faster than real time (about thirty times), inside our
              functions, so its durations are the simulated conversation’s, not the wall clock’s.
            </li>
          </ul>
        </DocsSection>

        <DocsSection id="test-numbers" title="Test numbers">
          <p>
            In test mode, and for every call on the local stack, calls go to a simulated phone
            network. The number you call chooses what the person at the other end does, so you can
            try every outcome without a real phone ringing (numbers in the 555-01xx range are
            reserved for fiction). Any other number answers and agrees.
          </p>
          <DocsTable
            caption="Simulated callees"
            columns={['Number', 'What happens']}
            rows={simulatedNumbers.map((entry) => ({
              key: entry.digits,
              cells: [<InlineCode key="number">{entry.number}</InlineCode>, entry.behaviour],
            }))}
          />
        </DocsSection>

        <DocsSection id="authentication" title="Authentication">
          <p>
            Authenticate every request with the API key from your dashboard, in the{' '}
            <InlineCode>Authorization: Bearer &lt;api key&gt;</InlineCode> header. The{' '}
            <InlineCode>x-api-key: &lt;api key&gt;</InlineCode> header is also accepted. Keep the
            key on your server: anyone who has it can place calls on your account. The dashboard
            calls the same API with your signed-in session instead of a key.
          </p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              A missing, unknown or revoked key gets <InlineCode>401</InlineCode> with code{' '}
              <InlineCode>unauthorized</InlineCode>.
            </li>
            <li>
              A live key (or the dashboard in Live) of an account that has not finished onboarding
              gets <InlineCode>403</InlineCode>: <InlineCode>kyc_required</InlineCode> until
              identity verification (KYC) is submitted, then{' '}
              <InlineCode>phone_verification_required</InlineCode> until your phone number is
              verified. A test key works from sign-up: try everything before the paperwork.
            </li>
          </ul>
        </DocsSection>

        <DocsSection id="create-task" title="Create a task">
          <p>
            <InlineCode>POST /functions/v1/task</InlineCode> with a JSON body. Only{' '}
            <InlineCode>phone_number</InlineCode> and <InlineCode>goal</InlineCode> are required.
            Unknown fields are rejected with <InlineCode>400 invalid_request</InlineCode>, so a typo
            never silently changes a call.
          </p>
          <FieldTable caption="Request body fields" fields={requestFields} />
          <p>
            The response is <InlineCode>201 Created</InlineCode> with the{' '}
            <AnchorLink id="task-object">task object</AnchorLink> in status{' '}
            <InlineCode>queued</InlineCode>, including <InlineCode>events_url</InlineCode> for its
            event stream. Calls are US only: numbers outside +1 are refused.
          </p>
        </DocsSection>

        <DocsSection id="wait" title="Wait for the result">
          <p>
            Add <InlineCode>?wait=true</InlineCode> to hold the response until the call ends, so one
            request returns <InlineCode>status</InlineCode> and{' '}
            <InlineCode>transcription</InlineCode>. The wait is bounded by the function&rsquo;s
            wall-clock limit: if the call is still going when it is reached, you get{' '}
            <InlineCode>202 Accepted</InlineCode> with the task&rsquo;s current state. Then follow
            its <AnchorLink id="events">events</AnchorLink> or{' '}
            <AnchorLink id="get-task">read it again</AnchorLink> later.
          </p>
        </DocsSection>

        <DocsSection id="idempotency" title="Idempotency">
          <p>
            Send an <InlineCode>Idempotency-Key</InlineCode> header (any unique string, such as your
            own record id or a UUID) to make creation safe to retry after a timeout or network
            error:
          </p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              The same key with the same body returns the original task. No second call is placed.
            </li>
            <li>
              The same key with a different body is refused with{' '}
              <InlineCode>409 idempotency_conflict</InlineCode>.
            </li>
          </ul>
        </DocsSection>

        <DocsSection id="task-object" title="The task object">
          <p>
            Every endpoint returns tasks in this shape. <InlineCode>transcription</InlineCode> is
            the whole conversation as text; <InlineCode>transcript</InlineCode> has the same turns
            with timings.
          </p>
          <CodeBlock title="Example task object" samples={taskObjectSample} />
          <FieldTable caption="Task object fields" fields={taskFields} />
          <p>
            <strong>Retention.</strong> Thirty days after a task ends its content is erased:{' '}
            <InlineCode>goal</InlineCode>, <InlineCode>first_sentence</InlineCode>,{' '}
            <InlineCode>transcription</InlineCode>, <InlineCode>summary</InlineCode>,{' '}
            <InlineCode>result</InlineCode>, <InlineCode>result_note</InlineCode> and the voicemail
            message become <InlineCode>null</InlineCode>, <InlineCode>context</InlineCode> and{' '}
            <InlineCode>metadata</InlineCode> <InlineCode>{'{}'}</InlineCode>,{' '}
            <InlineCode>transcript</InlineCode> <InlineCode>[]</InlineCode>, the turns in its events
            lose their text, and <InlineCode>content_erased_at</InlineCode> says when. The call
            record (number, times, status, outcome, duration, billed minutes, cost) stays for 24
            months; a recording goes when its <InlineCode>recording_retention_days</InlineCode> end.
            Keep what you need from the task or your webhooks before then.
          </p>
        </DocsSection>

        <DocsSection id="statuses" title="Statuses and outcome">
          <p>
            A task moves from <InlineCode>queued</InlineCode> to <InlineCode>ringing</InlineCode> to{' '}
            <InlineCode>in_progress</InlineCode>, then to exactly one terminal status. Between
            attempts it is <InlineCode>retry_scheduled</InlineCode>. Every task reaches a terminal
            status whatever the voice provider does: a placed call gets its{' '}
            <InlineCode>task.completed</InlineCode> (or its retry) within{' '}
            <InlineCode>max_duration_minutes</InlineCode> plus {TERMINAL_EVENT_BOUND_MINUTES}{' '}
            minutes of the call&rsquo;s start. A call still live at its cap plus 5 minutes is hung
            up; one with no final report by the bound fails with{' '}
            <InlineCode>no_final_report</InlineCode>.
          </p>
          <DocsTable
            caption="Task statuses"
            columns={['Status', 'In the dashboard', 'Terminal', 'Meaning']}
            rows={taskStatuses.map((status) => ({
              key: status.value,
              cells: [
                <InlineCode key="value">{status.value}</InlineCode>,
                status.label,
                status.terminal ? 'Yes' : 'No',
                status.meaning,
              ],
            }))}
          />
          <SubHeading>Outcome</SubHeading>
          <p>
            <InlineCode>status</InlineCode> says what happened to the call;{' '}
            <InlineCode>outcome</InlineCode> says whether the goal was met, so a connected call is
            never mistaken for a met goal. The dashboard shows both side by side, e.g. Completed ·
            Goal not achieved for a callee who declined.
          </p>
          <DocsTable
            caption="Task outcomes"
            columns={['Outcome', 'In the dashboard', 'Meaning']}
            rows={outcomes.map((outcome) => ({
              key: outcome.value,
              cells: [
                <InlineCode key="value">{outcome.value}</InlineCode>,
                outcome.label,
                outcome.meaning,
              ],
            }))}
          />
          <SubHeading>Call outcome</SubHeading>
          <p>
            <InlineCode>call_outcome</InlineCode> says what became of the line, in a closed set to
            branch on; <InlineCode>call_outcome_evidence</InlineCode> says why in one sentence, and{' '}
            <InlineCode>provider_reason</InlineCode> keeps the voice provider&rsquo;s own end reason
            as it came. A provider&rsquo;s &ldquo;completed&rdquo; is not taken for a person: only a
            callee who said something is <InlineCode>human_answered</InlineCode>, and only such a
            call can have <InlineCode>outcome: achieved</InlineCode>. Every end reason of the voice
            provider maps to one of these; one we do not know yet is{' '}
            <InlineCode>provider_failed</InlineCode>, with the raw reason in{' '}
            <InlineCode>provider_reason</InlineCode>.
          </p>
          <DocsTable
            caption="Call outcomes"
            columns={['Call outcome', 'In the dashboard', 'Meaning']}
            rows={CALL_OUTCOMES.map((value) => ({
              key: value,
              cells: [
                <InlineCode key="value">{value}</InlineCode>,
                CALL_OUTCOME_LABELS[value],
                CALL_OUTCOME_DESCRIPTIONS[value],
              ],
            }))}
          />
          <SubHeading>Failure reason</SubHeading>
          <p>
            A task that failed, or was canceled before a call, has{' '}
            <InlineCode>failure_reason: &#123; code, message &#125;</InlineCode>: branch on the
            code; the message is a fixed sentence for people.
          </p>
          <DocsTable
            caption="Failure codes"
            columns={['Code', 'Message']}
            rows={FAILURE_CODES.map((code) => ({
              key: code,
              cells: [<InlineCode key="code">{code}</InlineCode>, FAILURE_MESSAGES[code]],
            }))}
          />
        </DocsSection>

        <DocsSection id="results" title="Results and recordings">
          <p>
            Send <InlineCode>output_schema</InlineCode>, a JSON Schema (draft 2020-12) of what you
            want back, and the finished task carries <InlineCode>result</InlineCode>: an object
            valid against it, read from the conversation. Every field is present; one the call did
            not settle is <InlineCode>null</InlineCode>. Fields may be objects, strings, numbers,
            integers, booleans, arrays or string enums, and a type may be paired with{' '}
            <InlineCode>&quot;null&quot;</InlineCode>; nesting is limited to 3 levels and the schema
            to 8 KB. A schema outside these rules gets <InlineCode>400 invalid_request</InlineCode>{' '}
            with <InlineCode>field: &quot;output_schema&quot;</InlineCode>. The analysis is checked
            against your schema again before it is stored: an answer that does not fit is stored as
            null fields with <InlineCode>result_note</InlineCode> saying why, never as invalid data.
            Without a schema, <InlineCode>result</InlineCode> is null.
          </p>
          <p>
            No audio is kept unless you ask: <InlineCode>&quot;record&quot;: true</InlineCode> keeps
            the call&apos;s audio for <InlineCode>recording_retention_days</InlineCode> (1 to 90,
            default 30) after the call. <InlineCode>recording_url</InlineCode> is then{' '}
            <InlineCode>GET /functions/v1/task/&#123;id&#125;/recording</InlineCode>, which streams
            the WAV file with the same API key (another account&apos;s task is{' '}
            <InlineCode>404</InlineCode>); it is null when the call was not recorded or its
            retention ended (<InlineCode>recording_expires_at</InlineCode>). The result and the
            recording URL are also in <InlineCode>task.completed</InlineCode>, webhooks, the task
            list and MCP&apos;s <InlineCode>get_call</InlineCode>.
          </p>
          <CodeBlock title="Ask for a result and a recording" samples={resultSamples} />
        </DocsSection>

        <DocsSection id="tools" title="Tools during the call">
          <p>
            <InlineCode>tools</InlineCode> are your own functions the agent may call while the
            callee waits: a prescription lookup, a stock check, a free slot. Each has a{' '}
            <InlineCode>name</InlineCode>, a <InlineCode>description</InlineCode> (the agent decides
            from it when to call), <InlineCode>parameters</InlineCode> (a JSON Schema in the same
            subset as <InlineCode>output_schema</InlineCode>) and an https{' '}
            <InlineCode>url</InlineCode>; a task takes at most {TOOL_LIMITS.maxTools}. When the
            agent calls one, we check its arguments against <InlineCode>parameters</InlineCode>,
            then POST{' '}
            <InlineCode>{`{ type: "tool.call", task_id, attempt, tool_call_id, name, arguments, metadata }`}</InlineCode>{' '}
            to the url, signed like our <AnchorLink id="webhooks">webhooks</AnchorLink> (the same
            secret and headers, and the same rules for the address). Answer with HTTP 2xx and any
            JSON (at most 16 KB) within {TOOL_LIMITS.deadlineMs / 1000} seconds: the agent reads it
            to the callee. An error, a timeout or arguments that do not fit tell the agent to say it
            cannot check right now and carry on; the call never waits longer. Every call and answer
            is in the task&apos;s events as <InlineCode>tool.called</InlineCode> and{' '}
            <InlineCode>tool.answered</InlineCode> (with <InlineCode>duration_ms</InlineCode>), in
            webhooks, and in the dashboard&apos;s call view. On the local stack, +1 415-555-0110
            asks a question only your first tool can answer.
          </p>
          <CodeBlock
            title="A task with a tool, and the endpoint that answers it"
            samples={toolSamples}
          />
        </DocsSection>

        <DocsSection id="transfer-keypad" title="Transfer and keypad">
          <p>
            <InlineCode>transfer</InlineCode> lets the agent hand the callee to a person at{' '}
            <InlineCode>transfer.to</InlineCode> when <InlineCode>transfer.when</InlineCode> holds
            (default: they ask for a person). <InlineCode>warm</InlineCode> (the default) holds the
            callee, dials the person and tells them a short summary of the call before connecting;
            if nobody takes it (no answer, busy, voicemail), the agent comes back to the callee,
            says so and carries on. <InlineCode>cold</InlineCode> hands the callee over at once and
            never comes back: if nobody answers, the call ends there.{' '}
            <InlineCode>transfer.to</InlineCode> follows the same number rules as{' '}
            <InlineCode>phone_number</InlineCode>, and a number on your do-not-call list is refused
            (400 naming <InlineCode>transfer.to</InlineCode>). A transfer the voice provider reports
            as connected is the event <InlineCode>call.transferred</InlineCode>, the transcript
            stops at the hand-over, and the call ends with{' '}
            <InlineCode>call_outcome: &quot;transferred&quot;</InlineCode>; one nobody took leaves
            the call <InlineCode>human_answered</InlineCode>. <strong>Billing:</strong> the
            transferred leg is billed at the same per-minute rate as the rest of the call, until the
            call ends (the callee and the person hang up).
          </p>
          <p>
            The agent presses keys with keypad tones to get through phone menus (the key the goal
            names, like &quot;press 2&quot;, or the one that reaches a person). Tones go as
            Vapi&apos;s <InlineCode>dtmf</InlineCode> tool sends them: in-band, in the call&apos;s
            audio, which some phone menus do not hear; out-of-band (SIP INFO) only on SIP trunks,
            which we do not use. A menu that plays twice after the agent&apos;s key ends the call as{' '}
            <InlineCode>ivr_stuck</InlineCode>. The callee&apos;s key presses reach the agent and
            the transcript as turns with <InlineCode>dtmf</InlineCode> (
            <InlineCode>{`{"speaker": "callee", "text": "2", "dtmf": "2"}`}</InlineCode>), as the
            event <InlineCode>keypad.pressed</InlineCode>, and fill the result like spoken answers
            (&quot;press 1 for on time, 2 for delayed&quot;). On the local stack: 555-0140 asks for
            a person, 555-0141 answers a transfer and 555-0142 does not, 555-0143 is a phone menu,
            and 555-0144 answers by keypad.
          </p>
          <CodeBlock title="A transfer, and an answer by keypad" samples={transferKeypadSamples} />
        </DocsSection>

        <DocsSection id="agents" title="Agents, knowledge and tests">
          <p>
            An agent keeps a call&apos;s agent fields under a name (<InlineCode>POST</InlineCode>,{' '}
            <InlineCode>GET</InlineCode>, <InlineCode>PATCH /task/agents</InlineCode>, and archive):
            goal, context, voice, language, speaking style, first sentence, tools, transfer,
            voicemail, <InlineCode>output_schema</InlineCode>, calling window. A task names it with{' '}
            <InlineCode>agent_id</InlineCode> and takes its fields under its own, which win; each
            change is a new version, a task may pin one with <InlineCode>agent_version</InlineCode>,
            and the task records the version it ran with. A task that names no agent runs with your
            default agent, chosen on the Phone Agent page, if you have one;{' '}
            <InlineCode>&quot;agent_id&quot;: null</InlineCode> takes none. Batches, the MCP
            endpoint, text messages (<InlineCode>@Agent name call …</InlineCode>) and browser calls
            take an agent the same way.
          </p>
          <p>
            Give an agent documents to answer from (
            <InlineCode>POST /task/agents/{'{id}'}/documents</InlineCode>: plain text, Markdown, CSV
            or a PDF&apos;s text): during a call it looks up passages with their document and place,
            and each look-up is a <InlineCode>knowledge.searched</InlineCode> event. Test it before
            it calls anyone: a suite (
            <InlineCode>POST /task/agents/{'{id}'}/test-suites</InlineCode>) is a list of scripted
            callees and what must hold when each call ends, and a run (
            <InlineCode>POST /task/agents/{'{id}'}/test-runs</InlineCode>) plays them as free test
            calls, the same verdicts every time. From CI:{' '}
            <InlineCode>npx dialwise test-run --agent agt_… --suite suite_…</InlineCode> exits
            non-zero when a scenario fails. An agent may require a suite to pass before a version
            places live calls (<InlineCode>live_requires_suite_id</InlineCode>).
          </p>
        </DocsSection>

        <DocsSection id="get-task" title="Get a task">
          <p>
            <InlineCode>GET /functions/v1/task/&#123;id&#125;</InlineCode> returns the task object.
            An id that is not on your account gets <InlineCode>404 not_found</InlineCode>.
          </p>
          <CodeBlock title="Get a task" samples={getTaskSamples} />
        </DocsSection>

        <DocsSection id="list-tasks" title="List tasks">
          <p>
            <InlineCode>GET /functions/v1/task</InlineCode> lists your tasks, newest first. Filter
            with <InlineCode>status</InlineCode> (for example{' '}
            <InlineCode>?status=success</InlineCode>
            ). Results are paginated by cursor: pass the <InlineCode>next_cursor</InlineCode> of one
            page as <InlineCode>starting_after</InlineCode> to get the next; it is null on the last
            page.
          </p>
          <CodeBlock title="List tasks" samples={[...listTasksSamples, sdkListSample]} />
        </DocsSection>

        <DocsSection id="cancel-task" title="Cancel a task">
          <p>
            <InlineCode>POST /functions/v1/task/&#123;id&#125;/cancel</InlineCode> stops a task that
            has not reached a terminal status, including any scheduled retries, and returns it with
            status <InlineCode>canceled</InlineCode>.
          </p>
          <CodeBlock title="Cancel a task" samples={cancelTaskSamples} />
        </DocsSection>

        <DocsSection id="legal-basis" title="Legal basis">
          <p>
            Our agent&apos;s voice is an artificial voice in law (FCC 24-17), and any US number may
            be a mobile one: every live call needs a legal basis, or it is refused with{' '}
            <InlineCode>400</InlineCode> naming <InlineCode>consent</InlineCode>. Test calls reach
            nobody and need none.
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              The callee&apos;s consent on the task: <InlineCode>consent</InlineCode> (type{' '}
              <InlineCode>express</InlineCode>, or <InlineCode>written</InlineCode> for a marketing
              call; who gave it in <InlineCode>given_by</InlineCode>, and the number it covers,
              which must be the one called). It is kept as a record nobody can change.
            </li>
            <li>
              An exemption the law names: <InlineCode>exemption</InlineCode>{' '}
              <InlineCode>emergency</InlineCode>, <InlineCode>healthcare</InlineCode>,{' '}
              <InlineCode>financial_alert</InlineCode> or <InlineCode>package_delivery</InlineCode>{' '}
              (free to the callee). Never for a marketing call.
            </li>
            <li>
              Your account&apos;s default: attest it once in the dashboard (Phone Agent) or with{' '}
              <InlineCode>POST /functions/v1/task/legal-basis</InlineCode>{' '}
              <InlineCode>{'{"basis": "prior_express_consent"}'}</InlineCode>; a call that sends no
              basis of its own rests on it (the task&apos;s <InlineCode>legal_basis</InlineCode>{' '}
              says which). Each attestation is kept, in our words, 5 years after your account
              closes; <InlineCode>withdrawn</InlineCode> ends it.
            </li>
            <li>
              A call whose goal, first sentence or voicemail reads as a sales pitch (an offer of a
              plan or product, a price or promotion, selling) is marketing, whatever it says:
              without <InlineCode>purpose: &quot;marketing&quot;</InlineCode> and written consent it
              is refused with <InlineCode>400</InlineCode> naming <InlineCode>purpose</InlineCode>{' '}
              and the phrase.
            </li>
            <li>
              Obtaining consent, and keeping its proof, stays your duty; so does scrubbing your
              lists against the National Do Not Call Registry.
            </li>
          </ul>
        </DocsSection>
        <DocsSection id="numbers" title="Numbers and calls back">
          <p>
            A live call always shows one of your own numbers, and the opening gives that number for
            calling back. Until you add one, your first live call makes the phone you verified at
            sign-up your caller ID (calls back to it ring you). Test calls show the fictional{' '}
            <InlineCode>+12025550100</InlineCode>.
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              <InlineCode>GET /functions/v1/task/numbers</InlineCode> lists them;{' '}
              <InlineCode>POST /functions/v1/task/numbers</InlineCode> buys one (
              <InlineCode>{'{"type": "purchase", "area_code": "415"}'}</InlineCode>, $2.00 a month
              from credits, renewed monthly, released after 7 days unpaid), imports one from your
              Twilio (<InlineCode>type: twilio</InlineCode>) or verifies a caller ID by a texted
              code (<InlineCode>type: caller_id</InlineCode>, then{' '}
              <InlineCode>/numbers/{'{id}'}/verify</InlineCode>).
            </li>
            <li>
              <InlineCode>/numbers/{'{id}'}/default</InlineCode>, <InlineCode>/release</InlineCode>{' '}
              and <InlineCode>/inbound</InlineCode> (the agent that answers it: goal, voice,
              language, a transfer within business hours) change one;{' '}
              <InlineCode>POST /functions/v1/task/numbers/local-presence</InlineCode>{' '}
              <InlineCode>{'{"enabled": true}'}</InlineCode> shows your number in the callee&apos;s
              area code when you have one. A task may name its number in{' '}
              <InlineCode>from_number</InlineCode>.
            </li>
            <li>
              A call to a bought or imported number is answered by your agent: it names your
              business, says what your last call to the caller was about, and takes them off your
              list at once if they ask (press 9 or say so). It is a task with{' '}
              <InlineCode>direction: inbound</InlineCode>, with its transcript, summary and
              webhooks, billed like any call.
            </li>
            <li>
              With every number released, live calls are refused (<InlineCode>400</InlineCode>{' '}
              naming <InlineCode>from_number</InlineCode>) and waiting ones end{' '}
              <InlineCode>canceled</InlineCode> with <InlineCode>no_caller_number</InlineCode>.
            </li>
          </ul>
        </DocsSection>
        <DocsSection id="calling-rules" title="Calling rules">
          <p>
            Every call follows these rules, whatever its goal or purpose; none can be switched off.
            A call a rule delays is created <InlineCode>scheduled</InlineCode> with{' '}
            <InlineCode>scheduled_for</InlineCode> (event <InlineCode>task.scheduled</InlineCode>,{' '}
            <InlineCode>reason</InlineCode> <InlineCode>calling_window</InlineCode>,{' '}
            <InlineCode>schedule_at</InlineCode>, <InlineCode>state_calling_hours</InlineCode>,{' '}
            <InlineCode>state_calling_days</InlineCode> or <InlineCode>state_call_cap</InlineCode>),
            never dropped; retries and scheduled calls are held to the same rules when their time
            comes.
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              Hours: 08:00-21:00 in every time zone of the number&apos;s area code (
              {FEDERAL_HOURS_SOURCE}), narrowed by <InlineCode>call_window</InlineCode> and by the
              callee&apos;s state below. The state comes from the area code.
            </li>
            <li>
              Days: where a state allows no calls on Sundays or on its legal holidays, a call asked
              for such a day (in any of the number&apos;s time zones) rings at the next allowed
              day&apos;s opening. Holidays are computed from each statute&apos;s rules every year
              (fixed dates, the nth weekday of a month, Easter) and kept free on the day named and
              on the day the state or federal calendar observes it when it falls on a weekend.
            </li>
            <li>
              Cap: where a state caps calls, at most that many calls from your account to one number
              in any 24 hours (those placed and those waiting); the next waits until one leaves the
              24 hours.
            </li>
            <li>
              Opening: every answered call starts with our words, in the call&apos;s language and in
              the law&apos;s order: your business name and that the caller is an AI assistant; for a
              marketing call, that it is a sales call and what it sells (the task&apos;s{' '}
              <InlineCode>offer</InlineCode>; to Connecticut, whether to go on, end or be removed)
              and the opt-out; your callback number; to a state where every party must consent, that
              the call is transcribed (every call is, recorded or not); last, the recording notice
              or request for consent. The task&apos;s <InlineCode>disclosures</InlineCode> shows
              each sentence.
            </li>
            <li>
              Opt-out: a callee who says, in any language, not to be called again, or presses 9, is
              added to your do-not-call list for good (a press of 9, the opening&apos;s stop word or
              a plain request not to be called again is acted on by the platform itself, at once,
              not by the agent&apos;s judgment); the call ends and every call of yours waiting for
              that number is canceled (<InlineCode>failure_reason</InlineCode>{' '}
              <InlineCode>do_not_call</InlineCode>, with its event and webhook). Test it with +1
              415-555-0190. A callee who texts STOP to our number, or enters it on our public{' '}
              <a className="underline" href="/stop-calls">
                stop-calls page
              </a>{' '}
              (no account needed), is listed the same way, at once, by every account with a live
              call to that number.
            </li>
            <li>
              Do-not-call list: a listed number is refused (<InlineCode>403 do_not_call</InlineCode>
              ). We do not query the National Do Not Call Registry or state registries: scrubbing
              against them is your duty. Upload the numbers with{' '}
              <InlineCode>POST /functions/v1/task/do-not-call</InlineCode>{' '}
              <InlineCode>{'{ "phone_numbers": [ … ] }'}</InlineCode> (up to 100,000 at once) or a
              CSV in the dashboard.
            </li>
          </ul>
          <p>
            The state statutes&apos; hours, caps and days below cover telephone solicitations, so
            they hold marketing calls; an informational call is held to the federal hours alone, and{' '}
            <InlineCode>/task/check</InlineCode> and <InlineCode>/task/rules</InlineCode> (with{' '}
            <InlineCode>?purpose=marketing</InlineCode> or not) say for each state rule whether it
            reaches the call. Utah exempts calls made with the callee&apos;s written consent, which
            every marketing call carries. All-party consent states record only after the notice and
            the callee&apos;s consent, whatever the purpose. Where a statute&apos;s hours differ by
            day (Rhode Island&apos;s Saturdays, Texas&apos;s Sundays), each day keeps its own.
            California&apos;s and Oklahoma&apos;s automatic dialing-announcing device statutes hold
            every call, whatever its purpose, to 09:00-21:00 (&ldquo;every call&rdquo; below): an AI
            voice is a synthesized one. Louisiana allows no telephone solicitation, consented or
            not, during a state of emergency its governor declares (La. R.S. 45:844.31), and its
            governor may declare other holidays: we record each declaration with its period as
            declared, and a call it reaches waits for its end (<InlineCode>/task/check</InlineCode>{' '}
            names it as <InlineCode>state_declared_hold</InlineCode>). Only the rules in this table
            are enforced; any other state rule remains your duty.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">State calling rules and their sources</caption>
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    State
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Hours
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Calls in 24 h
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Days without calls
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Recording
                  </th>
                </tr>
              </thead>
              <tbody>
                {STATE_RULES.map((rule) => (
                  <tr key={rule.state} className="border-t align-top">
                    <td className="py-2 pr-4">{rule.name}</td>
                    <td className="py-2 pr-4">
                      {rule.hours
                        ? `${rule.hours.start}-${rule.hours.end}${dayHoursText(rule.dayHours)} (${rule.hours.source})`
                        : rule.deviceHours
                          ? null
                          : 'federal'}
                      {rule.deviceHours
                        ? `${rule.hours ? '; ' : ''}every call ${rule.deviceHours.start}-${rule.deviceHours.end} (${rule.deviceHours.source})`
                        : null}
                    </td>
                    <td className="py-2 pr-4">
                      {rule.cap ? `${rule.cap.calls} (${rule.cap.source})` : 'no cap'}
                    </td>
                    <td className="py-2 pr-4">
                      {rule.days || rule.holidays ? (
                        <>
                          {rule.days
                            ? `${rule.days.weekdays.map((d) => WEEKDAY_NAMES[d]).join(', ')} (${rule.days.source})`
                            : null}
                          {rule.holidays ? (
                            <>
                              {rule.days ? '; ' : null}
                              legal holidays ({rule.holidays.source}):{' '}
                              {rule.holidays.names.join(', ')} ({rule.holidays.calendar})
                            </>
                          ) : null}
                          {rule.writtenConsentExempt
                            ? '; not for calls with written consent'
                            : null}
                        </>
                      ) : (
                        'none'
                      )}
                    </td>
                    <td className="py-2">
                      {rule.allPartyConsent ? `all parties (${rule.allPartyConsent})` : 'one party'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <InlineCode>POST /functions/v1/task/check</InlineCode> takes the body of a create and
            answers, creating and charging nothing, whether the call would ring now (
            <InlineCode>decision</InlineCode> <InlineCode>call_now</InlineCode>,{' '}
            <InlineCode>scheduled</InlineCode> with <InlineCode>scheduled_for</InlineCode>, or{' '}
            <InlineCode>refused</InlineCode>) and each rule&apos;s verdict (
            <InlineCode>rules[]</InlineCode>: <InlineCode>rule</InlineCode>,{' '}
            <InlineCode>decision</InlineCode>, <InlineCode>message</InlineCode>,{' '}
            <InlineCode>source</InlineCode>; <InlineCode>state_holidays</InlineCode> also lists the
            coming year&apos;s <InlineCode>holidays</InlineCode> with their dates).{' '}
            <InlineCode>GET /functions/v1/task/rules?phone_number=…</InlineCode> answers the same
            for a call with every default; the MCP tool <InlineCode>check_call</InlineCode> does it
            for an AI agent. Together they allow 120 checks a minute per account; beyond, a check
            answers 429 <InlineCode>rate_limited</InlineCode> with{' '}
            <InlineCode>Retry-After</InlineCode>.
          </p>
        </DocsSection>

        <DocsSection id="batches" title="Batches">
          <p>
            <InlineCode>POST /functions/v1/task/batches</InlineCode> creates up to 1,000 tasks at
            once:{' '}
            <InlineCode>
              {'{ "defaults": { … }, "tasks": [ { "phone_number": … }, … ] }'}
            </InlineCode>
            . Each row is a create body merged over <InlineCode>defaults</InlineCode> (the
            row&apos;s fields win; <InlineCode>context</InlineCode> and{' '}
            <InlineCode>metadata</InlineCode> merge key by key). The whole batch is checked first:
            if any row is bad the answer is <InlineCode>400 invalid_request</InlineCode> with{' '}
            <InlineCode>rows</InlineCode> naming each bad row (<InlineCode>index</InlineCode> from
            0, <InlineCode>field</InlineCode>, <InlineCode>code</InlineCode>,{' '}
            <InlineCode>message</InlineCode>), and nothing is created. Number rules, your
            do-not-call list and calling windows apply to every row, and a number may appear in one
            row only (every row naming it is listed). The rows may name at most{' '}
            {LIMITS.batchMaxWebhookHosts} distinct hosts (webhooks and tools) and{' '}
            {LIMITS.batchMaxOutputSchemas} distinct schemas (<InlineCode>output_schema</InlineCode>{' '}
            values, and each tool position&apos;s <InlineCode>parameters</InlineCode>).
            <InlineCode>Idempotency-Key</InlineCode> works as for a task.
          </p>
          <p>
            Your credits (after the free minutes left) must cover every row&apos;s{' '}
            <InlineCode>max_duration_minutes</InlineCode> at $0.01 a minute, or the batch answers{' '}
            <InlineCode>402 insufficient_credits</InlineCode> and nothing is stored.
          </p>
          <p>
            The batch&apos;s calls are paced instead of refused: at most{' '}
            {LIMITS.activeCallsPerAccount} of your calls ring at once and the rest wait{' '}
            <InlineCode>queued</InlineCode> (or <InlineCode>scheduled</InlineCode> outside their
            calling window) for a free slot. Money is held for each call when it is placed; a call
            that cannot be funded then (credits spent meanwhile) ends{' '}
            <InlineCode>failed</InlineCode> with{' '}
            <InlineCode>failure_reason: &quot;insufficient_credits&quot;</InlineCode> and the batch
            goes on. Every task carries <InlineCode>batch_id</InlineCode>;{' '}
            <InlineCode>GET /functions/v1/task?batch_id=</InlineCode> lists them.
          </p>
          <p>
            <InlineCode>GET /functions/v1/task/batches/&#123;id&#125;</InlineCode> returns the batch
            with live <InlineCode>counts</InlineCode>, which always add up to{' '}
            <InlineCode>total</InlineCode>: <InlineCode>scheduled</InlineCode> (scheduled or
            retry_scheduled), <InlineCode>queued</InlineCode>, <InlineCode>in_progress</InlineCode>{' '}
            (ringing or in progress), <InlineCode>succeeded</InlineCode> (success with outcome
            achieved or unknown), <InlineCode>not_achieved</InlineCode> (success with outcome
            not_achieved), <InlineCode>unreachable</InlineCode> (no answer, busy or voicemail),{' '}
            <InlineCode>failed</InlineCode> and <InlineCode>canceled</InlineCode>.{' '}
            <InlineCode>POST …/batches/&#123;id&#125;/cancel</InlineCode> cancels every call that
            has not ended. When every call has ended the batch is <InlineCode>completed</InlineCode>{' '}
            (or <InlineCode>canceled</InlineCode>) and the event{' '}
            <InlineCode>batch.completed</InlineCode> is sent on{' '}
            <InlineCode>GET …/batches/&#123;id&#125;/events</InlineCode> and to the{' '}
            <InlineCode>webhook_url</InlineCode> of the defaults. The dashboard&apos;s Batches page
            takes a CSV and downloads the results as CSV.
          </p>
          <p id="batch-results-csv">
            The results CSV has one row per call, in the order of the upload, and its columns always
            in this order: <InlineCode>row</InlineCode> (1 is the upload&apos;s first data row), the
            input columns as uploaded (<InlineCode>phone_number</InlineCode>,{' '}
            <InlineCode>goal</InlineCode>, then your other columns in the upload&apos;s order),{' '}
            {RESULT_COLUMNS_BEFORE_RESULT.map((column, i) => (
              <span key={column}>
                <InlineCode>{column}</InlineCode>
                {i < RESULT_COLUMNS_BEFORE_RESULT.length - 1 ? ', ' : ''}
              </span>
            ))}
            , one <InlineCode>result.&lt;field&gt;</InlineCode> column per field of a structured
            result, <InlineCode>transcript</InlineCode> (a line per turn, &quot;agent: …&quot; or
            &quot;callee: …&quot;) and <InlineCode>task_id</InlineCode>. A cell that would start a
            spreadsheet formula begins with an apostrophe; a phone number or a signed number alone
            is a value and stays as it is.
          </p>
        </DocsSection>

        <DocsSection id="events" title="Streaming events">
          <p>
            <InlineCode>GET /functions/v1/task/&#123;id&#125;/events</InlineCode> is a stream of{' '}
            Server-Sent Events. Each event has an <InlineCode>id</InlineCode> (its number in the
            task&rsquo;s log); if the connection drops, reconnect with the{' '}
            <InlineCode>Last-Event-ID</InlineCode> header set to the last id you saw and the stream
            resumes after it. Each also has an <InlineCode>event_id</InlineCode>,{' '}
            <InlineCode>evt_&lt;task_id&gt;_&lt;id&gt;</InlineCode>, the same in the stream, in
            every webhook delivery of it and in its <InlineCode>webhook-id</InlineCode> header:
            de-duplicate on it. An API key may hold {LIMITS.openStreamsPerKey} open streams at once;
            one more is refused with <InlineCode>429 rate_limited</InlineCode> and a{' '}
            <InlineCode>Retry-After</InlineCode> header.
          </p>
          <DocsTable
            caption="Event types"
            columns={['Event', 'Meaning']}
            rows={eventTypes.map((event) => ({
              key: event.type,
              cells: [<InlineCode key="type">{event.type}</InlineCode>, event.meaning],
            }))}
          />
          <CodeBlock title="Stream a task's events" samples={[...eventsSamples, sdkEventsSample]} />
          <CodeBlock title="Example event stream" samples={eventStreamSample} />
        </DocsSection>

        <DocsSection id="webhooks" title="Webhooks">
          <p>
            Give a task a <InlineCode>webhook_url</InlineCode> and the same events are POSTed to it
            as JSON. Deliveries that fail are retried with backoff. Private, loopback and link-local
            addresses are refused outside local development.
          </p>
          <p>
            Deliveries are signed per the{' '}
            <a
              href="https://www.standardwebhooks.com/"
              className="font-medium text-primary underline underline-offset-4"
            >
              Standard Webhooks
            </a>{' '}
            scheme with your account&rsquo;s signing secret, shown in the dashboard. Each request
            carries three headers:
          </p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <InlineCode>webhook-id</InlineCode>: the event&rsquo;s{' '}
              <InlineCode>event_id</InlineCode>, the same on every retry. Use it to ignore
              duplicates.
            </li>
            <li>
              <InlineCode>webhook-timestamp</InlineCode>: Unix seconds when it was sent.
            </li>
            <li>
              <RichText text="`webhook-signature`: `v1,` followed by the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with your secret." />
            </li>
          </ul>
          <p>
            The body is the event exactly as the stream sends it (<InlineCode>id</InlineCode>,{' '}
            <InlineCode>event_id</InlineCode>, <InlineCode>type</InlineCode>,{' '}
            <InlineCode>task_id</InlineCode>, <InlineCode>created_at</InlineCode>,{' '}
            <InlineCode>data</InlineCode>):
          </p>
          <CodeBlock title="A webhook delivery" samples={webhookDeliverySample} />
          <p>Verify the signature on the raw body, before parsing it, and reject old timestamps:</p>
          <CodeBlock
            title="Verify a webhook signature"
            samples={[...webhookVerifySamples, sdkWebhookSample]}
          />
          <p>
            Or use the <InlineCode>standardwebhooks</InlineCode> library (npm and PyPI), which
            checks the signature and the timestamp for you:
          </p>
          <CodeBlock title="Verify with standardwebhooks" samples={webhookLibrarySamples} />
          <p>
            A delivery that does not get a 2xx within 10 seconds is retried after about 5 s, 1 min,
            5 min, 30 min and 2 h, then marked failed. Redirects are not followed. The dashboard
            lists recent deliveries with their last status and lets you resend one.
          </p>
          <h3 className="text-lg font-semibold">Account endpoints</h3>
          <p>
            Instead of passing <InlineCode>webhook_url</InlineCode> on every task, add endpoints on
            the dashboard&rsquo;s Webhooks page. Each endpoint has an https URL (private and
            internal addresses are refused), a description, the event types it receives (all of
            them, or a list) and a mode: a test endpoint receives the events of test calls, a live
            one those of live calls. Every event of your calls in that mode goes to each enabled
            endpoint whose list names it, besides the task&rsquo;s own{' '}
            <InlineCode>webhook_url</InlineCode>, with the same retries, and with the same{' '}
            <InlineCode>webhook-id</InlineCode> everywhere.
          </p>
          <p>
            Each endpoint signs with its own <InlineCode>whsec_</InlineCode> secret, shown once when
            you add the endpoint or roll its secret (rolling replaces it at once). Endpoints are
            managed from the dashboard only; an API key cannot add or change them.
          </p>
          <p>
            <strong>Send test event</strong> POSTs a <InlineCode>ping</InlineCode> event to that
            endpoint, signed the same way, so you can check your receiver before any call (10 a
            minute per account; resends, 30 a minute):
          </p>
          <CodeBlock
            title="Test event"
            samples={[
              {
                language: 'json',
                code: JSON.stringify(
                  {
                    id: 0,
                    event_id: 'evt_ping_4f9c2a7e0d8b4c1a9e3f5b6d7c8a9b0c',
                    type: 'ping',
                    endpoint_id: '4f9c2a7e-0d8b-4c1a-9e3f-5b6d7c8a9b0c',
                    livemode: false,
                    created_at: '2026-11-27T12:00:00.000Z',
                    data: {
                      message:
                        'A test event from Dialwise: this endpoint receives and verifies its webhooks.',
                    },
                  },
                  null,
                  2,
                ),
              },
            ]}
          />
          <p>
            Each endpoint lists its deliveries: the event, your receiver&rsquo;s status code and the
            start of its answer, the attempts, the next retry, and a Resend button.
          </p>
        </DocsSection>

        <DocsSection id="billing" title="Minutes and credits">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              The first {FREE_MINUTES} minutes on each account are free. After that a call costs{' '}
              {centsPerMinute} cent{centsPerMinute === 1 ? '' : 's'} per minute, drawn from prepaid
              credits (1 dollar = 1 credit), which you buy in the dashboard.
            </li>
            <li>
              When a task is accepted, it holds the cost of{' '}
              <InlineCode>max_duration_minutes</InlineCode> beyond your remaining free minutes. If
              your balance cannot cover the hold, the request is refused with{' '}
              <InlineCode>402 insufficient_credits</InlineCode>. It reserves those free minutes too,
              so while a call runs or waits for a retry the dashboard shows them, and the credits,
              as held (“30 held for calls in progress”), apart from what is left.
            </li>
            <li>
              When the call ends it is settled on whole minutes, rounded up, and the rest of the
              hold is released. The task shows <InlineCode>billed_minutes</InlineCode>,{' '}
              <InlineCode>free_minutes_used</InlineCode> and <InlineCode>cost_usd</InlineCode>.
            </li>
            <li>
              Holds and settlements are database transactions: concurrent requests can never
              overspend, and each call is settled exactly once.
            </li>
          </ul>
        </DocsSection>

        <DocsSection id="errors" title="Errors">
          <p>
            Errors are always JSON with a stable <InlineCode>code</InlineCode>, a readable{' '}
            <InlineCode>message</InlineCode> and, for invalid input, the{' '}
            <InlineCode>field</InlineCode> at fault. A <InlineCode>500</InlineCode> never contains a
            stack trace.
          </p>
          <CodeBlock title="Error response" samples={errorSample} />
          <DocsTable
            caption="Error codes"
            columns={['Code', 'HTTP status', 'Meaning']}
            rows={errorCodes.map((error) => ({
              key: error.code,
              cells: [
                <InlineCode key="code">{error.code}</InlineCode>,
                String(error.status),
                <RichText key="meaning" text={error.meaning} />,
              ],
            }))}
          />
        </DocsSection>

        <DocsSection id="rate-limits" title="Rate limiting">
          <p>
            Each account may have {LIMITS.activeCallsPerAccount} calls queued, ringing or in
            progress at once, and may send {LIMITS.createsPerMinutePerAccount} create requests a
            minute, counted across all its API keys (an idempotent replay does not count). It may
            hold at most {LIMITS.openTasksPerAccount.toLocaleString('en-US')} tasks that have not
            ended (scheduled, queued, live or awaiting a retry). Each API key may hold{' '}
            {LIMITS.openStreamsPerKey} event streams open at once, and an account{' '}
            {LIMITS.openStreamsPerAccount} in all; revoking a key ends its streams. Beyond any of
            these limits the API answers <InlineCode>429 rate_limited</InlineCode> with a{' '}
            <InlineCode>Retry-After</InlineCode> header giving the number of seconds to wait. Wait
            at least that long before retrying, and reuse the same{' '}
            <InlineCode>Idempotency-Key</InlineCode> when you retry a creation so a call is never
            placed twice.
          </p>
          <p>
            A created task answers <InlineCode>201</InlineCode> with{' '}
            <InlineCode>status: &quot;queued&quot;</InlineCode> at once; the call is placed right
            after; a number you are calling at that moment is not rung twice at once, and the task
            waits <InlineCode>queued</InlineCode> until that call ends. Text fields may hold tabs
            and line breaks; a NUL, an unpaired surrogate or any other control character, in a value
            or an object key, is refused with <InlineCode>400 invalid_request</InlineCode> naming
            the field. A body is at most 64 KB (a batch 2 MB) and nested at most 64 levels of
            objects and lists; deeper answers <InlineCode>400 invalid_request</InlineCode> naming
            the field. Your API key is checked before the body is read: a missing, unknown or
            revoked key answers <InlineCode>401</InlineCode> whatever the body holds.
          </p>
        </DocsSection>

        <DocsSection id="mcp" title="MCP endpoint">
          <p>
            <InlineCode>{MCP_URL}</InlineCode> is a Model Context Protocol server, so any LLM
            toolchain that speaks MCP can place calls. It speaks Streamable HTTP (stateless) and
            authenticates with the same API key, sent as{' '}
            <InlineCode>Authorization: Bearer &lt;key&gt;</InlineCode>; without a valid key it
            answers 401 (there is no OAuth flow). It offers five tools, each returning the task
            object (place_calls: the batch) as structured content; invalid input, a lack of credits
            or an unknown id come back as tool errors carrying the API&apos;s message:
          </p>
          <DocsTable
            caption="MCP tools"
            columns={['Tool', 'What it does']}
            rows={mcpTools.map((tool) => ({
              key: tool.name,
              cells: [<InlineCode key="name">{tool.name}</InlineCode>, tool.meaning],
            }))}
          />
          <CodeBlock title="Claude Code" samples={mcpClaudeCodeSample} />
          <CodeBlock title="Cursor (~/.cursor/mcp.json)" samples={mcpConfigSample} />
          <CodeBlock title="VS Code (.vscode/mcp.json)" samples={mcpVsCodeSample} />
          <p>
            Clients that cannot send headers reach the server through the{' '}
            <InlineCode>mcp-remote</InlineCode> bridge, which runs locally and adds the header:
          </p>
          <CodeBlock title="mcp-remote bridge" samples={mcpRemoteSample} />
        </DocsSection>
        <DocsSection id="sms" title="Calls by text message">
          <p>
            Text{' '}
            {SMS_NUMBER ? (
              <InlineCode>{SMS_NUMBER}</InlineCode>
            ) : (
              <>this deployment&rsquo;s SMS number (its Twilio number)</>
            )}{' '}
            from the phone you verified in the dashboard: the text is a call request on your
            account, billed like an API call. Write the US number to call, in any usual form, and
            what the call should achieve; a leading &ldquo;call&rdquo; is optional. Start the text
            with <InlineCode>TEST</InlineCode> for a test call (the simulated network, free). The
            reply names the task; the result is texted to you when the call ends. A text from a
            phone no account verified is answered with how to link it. Start with{' '}
            <InlineCode>@</InlineCode> and one of your agents&apos; names to call with that agent
            (its goal serves when the text gives none); a text that names none runs with your
            default agent, chosen on the Phone Agent page, if you have one.
          </p>
          <DocsTable
            caption="Example texts"
            columns={['Text', 'Calls', 'Goal', 'Mode']}
            rows={smsExamples.map((example) => ({
              key: example.text,
              cells: [
                <InlineCode key="text">{example.text}</InlineCode>,
                example.reads.phoneNumber,
                example.reads.goal ?? `The goal of the agent ${example.reads.agent}`,
                example.reads.livemode ? 'live' : 'test',
              ],
            }))}
          />
          <DocsTable
            caption="Keywords"
            columns={['Text', 'Answer']}
            rows={smsKeywords.map((one) => ({
              key: one.keyword,
              cells: [<InlineCode key="keyword">{one.keyword}</InlineCode>, one.meaning],
            }))}
          />
          <p>
            On the local stack nothing reaches a carrier: open the local mailbox
            {LOCAL_MAILBOX_URL ? (
              <>
                {' '}
                at <InlineCode>{LOCAL_MAILBOX_URL}</InlineCode>
              </>
            ) : null}
            , write your verified phone (the demo account&rsquo;s is{' '}
            <InlineCode>+14155550123</InlineCode>) and a text in its &ldquo;Text the product&rdquo;
            form. It is posted to the <InlineCode>sms-inbound</InlineCode> function signed as Twilio
            signs it, and the reply and the later result texts land in the same mailbox.
          </p>
        </DocsSection>
      </DocsLayout>
    </CodeLanguageProvider>
  );
}
