/**
 * The status page's incident history. Static sample data: there is no
 * monitoring backend behind /status yet, so these three entries are the whole history.
 */
export type IncidentSeverity = 'minor' | 'major' | 'info';
export type IncidentStatus = 'resolved' | 'monitoring' | 'investigating' | 'completed';

export type Incident = {
  id: string;
  /** The affected system, e.g. 'Voice API'. */
  system: string;
  /** What happened (the table's "Event" column). */
  type: string;
  severity: IncidentSeverity;
  status: IncidentStatus;
  /** ISO 8601 timestamps; `ended` is null while the incident is open ('Ongoing'). */
  started: string;
  ended: string | null;
};

export const incidents: readonly Incident[] = [
  {
    id: 'inc-2025-11-18-transcripts',
    system: 'Real-time transcripts',
    type: 'Delayed transcript delivery',
    severity: 'minor',
    status: 'resolved',
    started: '2025-11-18T14:05:00Z',
    ended: '2025-11-18T14:47:00Z',
  },
  {
    id: 'inc-2025-11-06-outbound',
    system: 'Outbound calling',
    type: 'Elevated call setup failures (US carriers)',
    severity: 'major',
    status: 'resolved',
    started: '2025-11-06T09:12:00Z',
    ended: '2025-11-06T10:31:00Z',
  },
  {
    id: 'inc-2025-10-29-routing',
    system: 'Smart call routing',
    type: 'Carrier route change under observation',
    severity: 'info',
    status: 'monitoring',
    started: '2025-10-29T02:00:00Z',
    ended: null,
  },
];

export const UPTIME_LABEL = 'Uptime 99.99%';
