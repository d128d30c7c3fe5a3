// The body of the batch the benchmarks create (Node and Deno both import it).

/**
 * The `i`-th of a run of distinct San Francisco numbers, none of them reserved by the simulated
 * network (so each callee agrees) and none on the 976 exchange, which the API refuses as
 * premium-rate (a batch calls each number once).
 */
export function benchPhoneNumber(i: number) {
  const local = 2_000_000 + i * 7919;
  return `+1415${String(Math.floor(local / 10_000) === 976 ? local + 100_000 : local).padStart(7, '0')}`;
}

/** What a school's absence round sends: long shared defaults, a name and a number per row. */
export function absenceBatch(rows: number, scheduleAt: string) {
  return {
    defaults: {
      goal: `Tell the parent that their child was absent from school today, ask whether they knew, and ask for the reason of the absence. ${'Be kind and brief; if the parent is upset, offer the school office number and end the call politely. '.repeat(3)}`,
      context: {
        school: 'Lincoln Elementary',
        office_phone: '+14155550123',
        policy: 'Absences must be explained within two school days.',
      },
      metadata: { campaign: 'absences', term: '2026-autumn' },
      first_sentence: 'Hello, this is the attendance office of Lincoln Elementary calling.',
      voicemail: {
        action: 'leave_message',
        message: 'Please call the Lincoln Elementary attendance office back about today.',
      },
      max_duration_minutes: 1,
      retry: { max_attempts: 1, interval_minutes: 60 },
      webhook_url: 'https://hooks.example.com/dialwise/absences',
      schedule_at: scheduleAt,
      output_schema: {
        type: 'object',
        properties: {
          knew_of_absence: { type: 'boolean', description: 'Whether the parent knew.' },
          reason: {
            type: 'string',
            enum: ['illness', 'appointment', 'family', 'unknown', 'other'],
            description: 'The reason the parent gave.',
          },
          note: { type: 'string', description: 'Anything else worth noting, in one sentence.' },
        },
        required: ['knew_of_absence', 'reason'],
      },
    },
    tasks: Array.from({ length: rows }, (_, i) => ({
      phone_number: benchPhoneNumber(i),
      context: { student: `Student ${i}` },
      metadata: { row: i },
    })),
  };
}
