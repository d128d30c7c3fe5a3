// The result SMS of a task created by text message: owed once the task ends, sent once. Called
// after every task transition the voice-events function applies, after an SMS creates a task
// (which may fail at once), and by each dispatch run for any other end (the watchdog, a cancel);
// it does nothing unless the task is SMS-sourced, has ended and was not texted yet.
import { type Db, must } from '../db.ts';
import { createTwilioClient, twilioConfigFromEnv, type TwilioClient } from '../twilio/client.ts';

export type SmsNotifier = { taskMayHaveEnded: (taskId: string) => Promise<void> };

const STATUS_TEXT: Record<string, string> = {
  success: 'done',
  no_answer: 'not answered',
  busy: 'busy',
  voicemail: 'reached voicemail',
  failed: 'failed',
  canceled: 'canceled',
};

export function resultText(claim: {
  task_id: string;
  status: string;
  outcome: string | null;
  summary: string | null;
}): string {
  const outcome = claim.outcome ? ` Outcome: ${claim.outcome.replace('_', ' ')}.` : '';
  const summary = claim.summary ? ` ${claim.summary}` : '';
  const text = `Dialwise: your call ${claim.task_id} is ${STATUS_TEXT[claim.status] ?? claim.status} (${claim.status}).${outcome}${summary}`;
  return text.length > 1500 ? `${text.slice(0, 1497)}...` : text;
}

export function createSmsNotifier(deps: {
  db: Db;
  twilio: TwilioClient;
  log?: (line: string) => void;
}): SmsNotifier {
  const log = deps.log ?? console.error;
  return {
    async taskMayHaveEnded(taskId) {
      const claims = must(
        await deps.db.rpc('sms_claim_task_notification', { p_task_id: taskId }),
      ) as {
        to_phone: string | null;
        status: string;
        outcome: string | null;
        summary: string | null;
        task_id: string;
      }[];
      const claim = claims[0];
      if (!claim?.to_phone) return;
      try {
        await deps.twilio.messages.create({ to: claim.to_phone, body: resultText(claim) });
      } catch (error) {
        // Released, so the next provider message of this task tries again.
        log(`[task ${taskId}] result SMS failed: ${(error as Error).message}`);
        must(
          await deps.db
            .from('sms_task_notifications')
            .update({ sent_at: null })
            .eq('task_id', taskId),
        );
      }
    },
  };
}

/** The notifier of a function's environment, or none where Twilio is not configured. */
export function smsNotifierFromEnv(
  db: Db,
  get: (name: string) => string | undefined,
): SmsNotifier | undefined {
  if (!get('TWILIO_AUTH_TOKEN')) return undefined;
  return createSmsNotifier({ db, twilio: createTwilioClient(twilioConfigFromEnv(get)) });
}
