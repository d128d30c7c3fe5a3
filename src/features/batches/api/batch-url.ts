import { TASK_API_URL } from '@/features/calls/api/call-api';

/** `/functions/v1/task/batches[/{id}[suffix]]` of this app's project. */
export const batchUrl = (batchId = '', suffix = '') =>
  `${TASK_API_URL}/batches${batchId ? `/${encodeURIComponent(batchId)}` : ''}${suffix}`;
