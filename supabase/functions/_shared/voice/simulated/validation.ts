/**
 * Validation of `POST /call` bodies the way Vapi's API does it (a NestJS whitelist: unknown
 * properties are refused as "property x should not exist", every problem listed), limited to
 * what the local phone network supports: one customer, a phone number id, an inline assistant.
 * Field lists and enums are copied from VapiAI/docs fern/apis/api/openapi.json (CreateCallDTO,
 * CreateAssistantDTO, Server, BackoffPlan, DeepgramTranscriber, ElevenLabsVoice,
 * SuccessEvaluationPlan, ArtifactPlan, CreateStructuredOutputDTO).
 */
type Json = Record<string, unknown>;

const CREATE_CALL_FIELDS = [
  'assistantVersion',
  'transport',
  'customers',
  'name',
  'schedulePlan',
  'assistantId',
  'assistant',
  'assistantOverrides',
  'squadId',
  'squad',
  'squadOverrides',
  'workflowId',
  'workflow',
  'workflowOverrides',
  'phoneNumberId',
  'phoneNumber',
  'customerId',
  'customer',
];

const ASSISTANT_FIELDS = [
  'transcriber',
  'model',
  'voice',
  'firstMessage',
  'firstMessageInterruptionsEnabled',
  'firstMessageMode',
  'voicemailDetection',
  'clientMessages',
  'serverMessages',
  'maxDurationSeconds',
  'backgroundSound',
  'modelOutputInMessagesEnabled',
  'transportConfigurations',
  'observabilityPlan',
  'credentials',
  'hooks',
  'name',
  'voicemailMessage',
  'endCallMessage',
  'endCallPhrases',
  'compliancePlan',
  'metadata',
  'backgroundSpeechDenoisingPlan',
  'analysisPlan',
  'artifactPlan',
  'startSpeakingPlan',
  'stopSpeakingPlan',
  'monitorPlan',
  'credentialIds',
  'server',
  'keypadInputPlan',
];

const STRUCTURED_OUTPUT_FIELDS = [
  'type',
  'regex',
  'model',
  'compliancePlan',
  'conditions',
  'name',
  'schema',
  'description',
  'assistantIds',
  'workflowIds',
];

const CUSTOMER_FIELDS = [
  'numberE164CheckEnabled',
  'extension',
  'assistantOverrides',
  'squadOverrides',
  'number',
  'sipUri',
  'name',
  'email',
  'externalId',
];

const SERVER_FIELDS = [
  'timeoutSeconds',
  'credentialId',
  'staticIpAddressesEnabled',
  'encryptedPaths',
  'url',
  'headers',
  'backoffPlan',
];

export const SERVER_MESSAGE_TYPES = [
  'assistant.started',
  'assistant.speechStarted',
  'conversation-update',
  'end-of-call-report',
  'function-call',
  'hang',
  'language-changed',
  'language-change-detected',
  'model-output',
  'phone-call-control',
  'speech-update',
  'status-update',
  'transcript',
  'transcript[transcriptType="final"]',
  'tool-calls',
  'transfer-destination-request',
  'handoff-destination-request',
  'transfer-update',
  'user-interrupted',
  'voice-input',
  'chat.created',
  'chat.deleted',
  'session.created',
  'session.updated',
  'session.deleted',
  'call.deleted',
  'call.delete.failed',
  'call.artifact.upload',
];

/** Vapi's default `serverMessages` (CreateAssistantDTO.serverMessages description). */
export const DEFAULT_SERVER_MESSAGES = [
  'conversation-update',
  'end-of-call-report',
  'function-call',
  'hang',
  'speech-update',
  'status-update',
  'tool-calls',
  'transfer-destination-request',
  'handoff-destination-request',
  'user-interrupted',
  'assistant.started',
];

const DEEPGRAM_LANGUAGES =
  'ar az ba be bg bn br bs ca cs da da-DK de de-CH el en en-AU en-CA en-GB en-IE en-IN en-NZ en-US es es-419 es-LATAM et eu fa fi fr fr-CA ha haw he hi hi-Latn hr hu id is it ja jw kn ko ko-KR ln lt lv mk mr ms multi nl nl-BE no pl pt pt-BR pt-PT ro ru sk sl sn so sr su sv sv-SE ta taq te th th-TH tl tr tt uk ur vi yo zh zh-CN zh-HK zh-Hans zh-Hant zh-TW'.split(
    ' ',
  );

const RUBRICS = [
  'NumericScale',
  'DescriptiveScale',
  'Checklist',
  'Matrix',
  'PercentageScale',
  'LikertScale',
  'AutomaticRubric',
  'PassFail',
];

const VOICEMAIL_PROVIDERS = ['google', 'openai', 'twilio', 'vapi'];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Vapi's E.164 check on customer.number. */
export const E164 = /^\+[1-9]\d{1,14}$/;

function unknownProperties(value: Json, allowed: string[], prefix: string, errors: string[]) {
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) errors.push(`${prefix}property ${key} should not exist`);
}

function oneOf(values: string[]) {
  return values.join(', ');
}

function validateServer(server: unknown, errors: string[]) {
  const p = 'assistant.server.';
  if (!isObject(server)) return errors.push('assistant.server must be an object');
  unknownProperties(server, SERVER_FIELDS, p, errors);
  if (server.url !== undefined) {
    let ok = typeof server.url === 'string';
    if (ok) {
      try {
        ok = ['http:', 'https:'].includes(new URL(server.url as string).protocol);
      } catch {
        ok = false;
      }
    }
    if (!ok) errors.push(`${p}url must be a URL address`);
  }
  if (server.headers !== undefined && !isObject(server.headers))
    errors.push(`${p}headers must be an object`);
  if (
    server.timeoutSeconds !== undefined &&
    (typeof server.timeoutSeconds !== 'number' ||
      server.timeoutSeconds < 1 ||
      server.timeoutSeconds > 300)
  )
    errors.push(`${p}timeoutSeconds must be a number from 1 to 300`);
  const plan = server.backoffPlan;
  if (plan !== undefined) {
    if (!isObject(plan)) errors.push(`${p}backoffPlan must be an object`);
    else {
      if (!['fixed', 'exponential'].includes(plan.type as string))
        errors.push(`${p}backoffPlan.type must be one of the following values: fixed, exponential`);
      if (typeof plan.maxRetries !== 'number' || plan.maxRetries < 0 || plan.maxRetries > 10)
        errors.push(`${p}backoffPlan.maxRetries must be a number from 0 to 10`);
      if (
        typeof plan.baseDelaySeconds !== 'number' ||
        plan.baseDelaySeconds < 0 ||
        plan.baseDelaySeconds > 10
      )
        errors.push(`${p}backoffPlan.baseDelaySeconds must be a number from 0 to 10`);
      if (plan.excludedStatusCodes !== undefined && !Array.isArray(plan.excludedStatusCodes))
        errors.push(`${p}backoffPlan.excludedStatusCodes must be an array`);
    }
  }
}

/** `artifactPlan.structuredOutputs`: transient outputs, each with a name (1 to 40) and a schema. */
function validateStructuredOutputs(outputs: unknown, errors: string[]) {
  const p = 'assistant.artifactPlan.structuredOutputs';
  if (!Array.isArray(outputs)) return errors.push(`${p} must be an array`);
  outputs.forEach((output, i) => {
    const q = `${p}.${i}.`;
    if (!isObject(output)) return errors.push(`${p}.${i} must be an object`);
    unknownProperties(output, STRUCTURED_OUTPUT_FIELDS, q, errors);
    if (typeof output.name !== 'string') errors.push(`${q}name must be a string`);
    else if (output.name.length < 1)
      errors.push(`${q}name must be longer than or equal to 1 characters`);
    else if (output.name.length > 40)
      errors.push(`${q}name must be shorter than or equal to 40 characters`);
    if (!isObject(output.schema)) errors.push(`${q}schema must be an object`);
    if (output.type !== undefined && !['ai', 'regex'].includes(output.type as string))
      errors.push(`${q}type must be one of the following values: ai, regex`);
    if (output.type === 'regex')
      errors.push(`${q}type regex is not supported by the local phone network`);
    if (output.description !== undefined && typeof output.description !== 'string')
      errors.push(`${q}description must be a string`);
  });
}

function validateAssistant(assistant: unknown, errors: string[]) {
  const p = 'assistant.';
  if (!isObject(assistant)) return errors.push('assistant must be an object');
  unknownProperties(assistant, ASSISTANT_FIELDS, p, errors);
  const a = assistant;
  for (const key of ['firstMessage', 'name', 'voicemailMessage', 'endCallMessage'])
    if (a[key] !== undefined && typeof a[key] !== 'string')
      errors.push(`${p}${key} must be a string`);
  if (typeof a.voicemailMessage === 'string' && a.voicemailMessage.length > 1000)
    errors.push(`${p}voicemailMessage must be shorter than or equal to 1000 characters`);
  // CompliancePlan.recordingConsentPlan: RecordingConsentPlanVerbal / StayOnLine (message ≤ 1000).
  const consentPlan = isObject(a.compliancePlan)
    ? a.compliancePlan.recordingConsentPlan
    : undefined;
  if (consentPlan !== undefined) {
    const cp = `${p}compliancePlan.recordingConsentPlan.`;
    if (!isObject(consentPlan) || !['verbal', 'stay-on-line'].includes(String(consentPlan.type)))
      errors.push(`${cp}type must be one of the following values: verbal, stay-on-line`);
    else if (typeof consentPlan.message !== 'string' || consentPlan.message.length > 1000)
      errors.push(`${cp}message must be shorter than or equal to 1000 characters`);
  }
  if (a.maxDurationSeconds !== undefined) {
    const max = a.maxDurationSeconds;
    if (typeof max !== 'number' || !Number.isFinite(max))
      errors.push(
        `${p}maxDurationSeconds must be a number conforming to the specified constraints`,
      );
    else if (max < 10) errors.push(`${p}maxDurationSeconds must not be less than 10`);
    else if (max > 43200) errors.push(`${p}maxDurationSeconds must not be greater than 43200`);
  }
  if (a.serverMessages !== undefined) {
    if (
      !Array.isArray(a.serverMessages) ||
      a.serverMessages.some((m) => !SERVER_MESSAGE_TYPES.includes(m as string))
    )
      errors.push(
        `${p}each value in serverMessages must be one of the following values: ${oneOf(SERVER_MESSAGE_TYPES)}`,
      );
  }
  if (a.metadata !== undefined && !isObject(a.metadata))
    errors.push(`${p}metadata must be an object`);
  if (a.server !== undefined) validateServer(a.server, errors);

  if (a.model !== undefined) {
    if (!isObject(a.model)) errors.push(`${p}model must be an object`);
    else {
      if (typeof a.model.provider !== 'string') errors.push(`${p}model.provider must be a string`);
      if (typeof a.model.model !== 'string') errors.push(`${p}model.model must be a string`);
      const messages = a.model.messages;
      if (
        messages !== undefined &&
        (!Array.isArray(messages) ||
          messages.some((m) => !isObject(m) || typeof m.role !== 'string'))
      )
        errors.push(`${p}model.messages must be an array of { role, content } objects`);
      const tools = a.model.tools;
      if (tools !== undefined) {
        if (!Array.isArray(tools) || tools.some((t) => !isObject(t) || typeof t.type !== 'string'))
          errors.push(`${p}model.tools must be an array of tools, each with a type`);
        else
          for (const tool of tools as Record<string, unknown>[]) {
            if (tool.type !== 'function') continue;
            const fn = tool.function;
            if (
              !isObject(fn) ||
              typeof fn.name !== 'string' ||
              !/^[a-zA-Z0-9_-]{1,64}$/.test(fn.name)
            )
              errors.push(`${p}model.tools.function.name must match /^[a-zA-Z0-9_-]{1,64}$/`);
            if (tool.server !== undefined) validateServer(tool.server, errors);
          }
      }
    }
  }
  if (a.voice !== undefined) {
    if (!isObject(a.voice) || typeof a.voice.provider !== 'string')
      errors.push(`${p}voice.provider must be a string`);
    else if (
      a.voice.provider === '11labs' &&
      (typeof a.voice.voiceId !== 'string' || !a.voice.voiceId)
    )
      errors.push(`${p}voice.voiceId must be a string`);
  }
  if (a.transcriber !== undefined) {
    if (!isObject(a.transcriber) || typeof a.transcriber.provider !== 'string')
      errors.push(`${p}transcriber.provider must be a string`);
    else if (
      a.transcriber.provider === 'deepgram' &&
      a.transcriber.language !== undefined &&
      !DEEPGRAM_LANGUAGES.includes(a.transcriber.language as string)
    )
      errors.push(
        `${p}transcriber.language must be one of the following values: ${oneOf(DEEPGRAM_LANGUAGES)}`,
      );
  }
  const detection = a.voicemailDetection;
  if (
    detection !== undefined &&
    detection !== 'off' &&
    !(isObject(detection) && VOICEMAIL_PROVIDERS.includes(detection.provider as string))
  )
    errors.push(
      `${p}voicemailDetection must be "off" or an object whose provider is one of: ${oneOf(VOICEMAIL_PROVIDERS)}`,
    );
  else if (isObject(detection) && detection.provider === 'vapi')
    errors.push(...vapiVoicemailDetectionErrors(detection, `${p}voicemailDetection.`));
  const analysis = a.analysisPlan;
  if (analysis !== undefined) {
    if (!isObject(analysis)) errors.push(`${p}analysisPlan must be an object`);
    else {
      const evaluation = analysis.successEvaluationPlan;
      if (
        isObject(evaluation) &&
        evaluation.rubric !== undefined &&
        !RUBRICS.includes(evaluation.rubric as string)
      )
        errors.push(
          `${p}analysisPlan.successEvaluationPlan.rubric must be one of the following values: ${oneOf(RUBRICS)}`,
        );
      const dataPlan = analysis.structuredDataPlan;
      if (dataPlan !== undefined) {
        if (!isObject(dataPlan))
          errors.push(`${p}analysisPlan.structuredDataPlan must be an object`);
        else {
          if (dataPlan.enabled !== undefined && typeof dataPlan.enabled !== 'boolean')
            errors.push(`${p}analysisPlan.structuredDataPlan.enabled must be a boolean value`);
          if (dataPlan.schema !== undefined && !isObject(dataPlan.schema))
            errors.push(`${p}analysisPlan.structuredDataPlan.schema must be an object`);
        }
      }
    }
  }
  if (a.monitorPlan !== undefined && !isObject(a.monitorPlan))
    errors.push(`${p}monitorPlan must be an object`);
  const artifactPlan = a.artifactPlan;
  if (artifactPlan !== undefined) {
    if (!isObject(artifactPlan)) errors.push(`${p}artifactPlan must be an object`);
    else {
      if (
        artifactPlan.recordingEnabled !== undefined &&
        typeof artifactPlan.recordingEnabled !== 'boolean'
      )
        errors.push(`${p}artifactPlan.recordingEnabled must be a boolean value`);
      if (
        artifactPlan.recordingFormat !== undefined &&
        !['wav;l16', 'mp3'].includes(artifactPlan.recordingFormat as string)
      )
        errors.push(
          `${p}artifactPlan.recordingFormat must be one of the following values: wav;l16, mp3`,
        );
      if (artifactPlan.structuredOutputs !== undefined)
        validateStructuredOutputs(artifactPlan.structuredOutputs, errors);
      if (artifactPlan.structuredOutputIds !== undefined)
        errors.push(
          `${p}artifactPlan.structuredOutputIds is not supported by the local phone network (it has no saved structured outputs); send structuredOutputs inline`,
        );
    }
  }
}

/**
 * The problems of a `POST /call` body (empty when it is acceptable). `phoneNumberIds` are the
 * phone numbers the account owns.
 */
export function validateCreateCall(body: unknown, phoneNumberIds: readonly string[]): string[] {
  if (!isObject(body)) return ['the request body must be a JSON object'];
  const errors: string[] = [];
  unknownProperties(body, CREATE_CALL_FIELDS, '', errors);

  for (const unsupported of [
    'customers',
    'squad',
    'squadId',
    'workflow',
    'workflowId',
    'phoneNumber',
  ])
    if (body[unsupported] !== undefined)
      errors.push(`${unsupported} is not supported by the local phone network`);

  if (body.assistant === undefined && body.assistantId === undefined)
    errors.push('Need Either `assistant` Or `assistantId`.');
  if (body.assistantId !== undefined)
    errors.push(
      "Couldn't Get Assistant. The local phone network has no saved assistants; send `assistant` inline.",
    );
  if (body.assistant !== undefined) validateAssistant(body.assistant, errors);

  if (body.transport !== undefined) {
    transportErrors(body, errors);
    if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length > 40))
      errors.push('name must be shorter than or equal to 40 characters');
    return errors;
  }

  if (body.phoneNumberId === undefined && body.phoneNumber === undefined)
    errors.push('Need Either `phoneNumberId` Or `phoneNumber`.');
  else if (body.phoneNumberId !== undefined) {
    if (typeof body.phoneNumberId !== 'string') errors.push('phoneNumberId must be a string');
    else if (!phoneNumberIds.includes(body.phoneNumberId))
      errors.push(`Couldn't Get Phone Number. No phone number with id ${body.phoneNumberId}.`);
  }

  if (body.customer === undefined && body.customerId === undefined)
    errors.push('Need Either `customer` Or `customerId`.');
  if (body.customerId !== undefined)
    errors.push('customerId is not supported by the local phone network; send `customer` inline.');
  if (body.customer !== undefined) {
    if (!isObject(body.customer)) errors.push('customer must be an object');
    else {
      unknownProperties(body.customer, CUSTOMER_FIELDS, 'customer.', errors);
      const number = body.customer.number;
      if (typeof number !== 'string' || !number) errors.push('customer.number must be a string');
      else if (body.customer.numberE164CheckEnabled !== false && !E164.test(number))
        errors.push(
          'customer.number must be a valid phone number in the E.164 format. Hot tip, you may be missing the country code (Eg. US: +1).',
        );
    }
  }
  if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length > 40))
    errors.push('name must be shorter than or equal to 40 characters');
  return errors;
}

/**
 * A call on Vapi's WebSocket transport (VapiWebsocketTransport: provider `vapi.websocket`, an
 * optional AudioFormat of `pcm_s16le` or `mulaw`, container `raw`): the browser is the other end,
 * so no phone number may be named (VapiAI/docs fern/calls/websocket-transport.mdx, "phone-based
 * parameters are not permitted"). The local network plays no other transport.
 */
function transportErrors(body: Json, errors: string[]): void {
  const transport = body.transport;
  if (!isObject(transport)) {
    errors.push('transport must be an object');
    return;
  }
  if (transport.provider !== 'vapi.websocket')
    errors.push('transport.provider must be vapi.websocket on the local phone network');
  unknownProperties(
    transport,
    ['provider', 'audioFormat', 'conversationType'],
    'transport.',
    errors,
  );
  if (transport.conversationType !== undefined && transport.conversationType !== 'voice')
    errors.push('transport.conversationType must be one of the following values: voice');
  const format = transport.audioFormat;
  if (format !== undefined) {
    if (!isObject(format)) errors.push('transport.audioFormat must be an object');
    else {
      unknownProperties(
        format,
        ['format', 'container', 'sampleRate'],
        'transport.audioFormat.',
        errors,
      );
      if (!['pcm_s16le', 'mulaw'].includes(format.format as string))
        errors.push(
          'transport.audioFormat.format must be one of the following values: pcm_s16le, mulaw',
        );
      if (format.container !== undefined && format.container !== 'raw')
        errors.push('transport.audioFormat.container must be one of the following values: raw');
      const rate = format.sampleRate;
      if (typeof rate !== 'number' || rate < 0 || rate > 192_000)
        errors.push('transport.audioFormat.sampleRate must be a number from 0 to 192000');
    }
  }
  for (const phone of ['phoneNumberId', 'phoneNumber', 'customer', 'customerId'])
    if (body[phone] !== undefined)
      errors.push(`${phone} is not permitted with the vapi.websocket transport`);
}

/**
 * VapiVoicemailDetectionPlan (openapi.json): provider, beepMaxAwaitSeconds (0–60) and
 * backoffPlan (VoicemailDetectionBackoffPlan: startAtSeconds, frequencySeconds, maxRetries);
 * any other property is refused, as Vapi's whitelisting validation does.
 */
function vapiVoicemailDetectionErrors(plan: Record<string, unknown>, p: string): string[] {
  const errors: string[] = [];
  for (const key of Object.keys(plan))
    if (!['provider', 'beepMaxAwaitSeconds', 'backoffPlan', 'type'].includes(key))
      errors.push(`${p}property ${key} should not exist`);
  const beep = plan.beepMaxAwaitSeconds;
  if (beep !== undefined && (typeof beep !== 'number' || beep < 0 || beep > 60))
    errors.push(`${p}beepMaxAwaitSeconds must be a number from 0 to 60`);
  const backoff = plan.backoffPlan;
  if (backoff !== undefined) {
    if (!isObject(backoff)) errors.push(`${p}backoffPlan must be an object`);
    else
      for (const [key, value] of Object.entries(backoff)) {
        if (!['startAtSeconds', 'frequencySeconds', 'maxRetries'].includes(key))
          errors.push(`${p}backoffPlan.property ${key} should not exist`);
        else if (typeof value !== 'number' || value < 0)
          errors.push(`${p}backoffPlan.${key} must be a number not less than 0`);
      }
  }
  return errors;
}
