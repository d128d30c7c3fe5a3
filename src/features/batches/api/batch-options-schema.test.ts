import { describe, expect, it } from 'vitest';
import {
  batchDefaultsOf,
  batchOptionMessages,
  checkBatchOptions,
  initialBatchOptions,
} from './batch-options-schema';

describe('the batch form’s options', () => {
  it('send nothing when left as they are: the API’s own defaults apply', () => {
    const { values } = checkBatchOptions(initialBatchOptions);
    expect(batchDefaultsOf(values!)).toEqual({});
  });

  it('name each plain mistake by its field', () => {
    const { errors } = checkBatchOptions({
      ...initialBatchOptions,
      maxDurationMinutes: '2.5',
      webhookUrl: 'ftp://example.com',
      retryAttempts: '6',
      retryIntervalMinutes: '',
      outputSchema: '{"type": "string"}',
    });
    expect(errors).toEqual({
      maxDurationMinutes: batchOptionMessages.duration,
      webhookUrl: batchOptionMessages.webhookUrl,
      retryAttempts: batchOptionMessages.retryAttempts,
      retryIntervalMinutes: batchOptionMessages.retryInterval,
      outputSchema: batchOptionMessages.outputSchemaShape,
    });
    expect(checkBatchOptions({ ...initialBatchOptions, outputSchema: '{' }).errors).toEqual({
      outputSchema: batchOptionMessages.outputSchemaJson,
    });
  });

  it('send retries whole when one of the two changed', () => {
    const { values } = checkBatchOptions({ ...initialBatchOptions, retryIntervalMinutes: '60' });
    expect(batchDefaultsOf(values!)).toEqual({ retry: { max_attempts: 3, interval_minutes: 60 } });
  });
});
