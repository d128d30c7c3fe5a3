import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchWithFilters, statusRange } from './request-log-filters';

describe('request log filters in the URL', () => {
  it('reads the filters a shared link carries, and drops what is not a filter value', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'tab=request-logs&status=4xx&method=post&path=/task&from=2026-11-01&to=bad&request_id=req_1&page=3',
      ),
    );
    expect(filters).toEqual({
      status: '4xx',
      method: 'POST',
      path: '/task',
      from: '2026-11-01',
      to: null,
      requestId: 'req_1',
      page: 3,
    });
    expect(filtersFromSearch(new URLSearchParams('status=9xx&method=TRACE&page=-2'))).toMatchObject(
      { status: null, method: null, page: 1 },
    );
  });

  it('writes them back beside the dashboard tab, leaving out empty ones and page 1', () => {
    const next = searchWithFilters(new URLSearchParams('tab=request-logs&path=/old'), {
      status: '5xx',
      method: null,
      path: null,
      from: null,
      to: null,
      requestId: null,
      page: 1,
    });
    expect(next.toString()).toBe('tab=request-logs&status=5xx');
    expect(statusRange('4xx')).toEqual([400, 500]);
  });
});
