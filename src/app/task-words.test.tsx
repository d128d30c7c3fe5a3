import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallOutcomeBadge, CallStatusBadge } from '@/components/call-badges';
import { outcomes, taskStatuses } from '@/features/docs/content/api-reference';

// Two features name the task's statuses and outcomes: /docs in its tables, the dashboard in its
// badges. They must use the same words, so this check lives where both may be imported.
describe('the words for statuses and outcomes', () => {
  it('are the same in the dashboard as on /docs', () => {
    for (const status of taskStatuses) {
      const { container, unmount } = render(<CallStatusBadge status={status.value} />);
      expect(container).toHaveTextContent(status.label);
      unmount();
    }
    for (const outcome of outcomes) {
      const { container, unmount } = render(<CallOutcomeBadge outcome={outcome.value} />);
      expect(container).toHaveTextContent(outcome.label);
      unmount();
    }
  });
});
