// The Request logs page's filters, kept in the URL so a reload, a shared link and Back keep them.

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];
export const LOGGED_METHODS = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'] as const;

export type RequestLogFilters = {
  status: StatusClass | null;
  method: string | null;
  /** The start of the path, e.g. /task/batch. */
  path: string | null;
  /** Local dates, yyyy-mm-dd, both included. */
  from: string | null;
  to: string | null;
  requestId: string | null;
  /** 1-based. */
  page: number;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromSearch(params: URLSearchParams): RequestLogFilters {
  const status = params.get('status');
  const method = params.get('method')?.toUpperCase() ?? null;
  const text = (name: string) => params.get(name)?.trim().slice(0, 200) || null;
  const date = (name: string) => {
    const value = params.get(name);
    return value && DATE.test(value) ? value : null;
  };
  const page = Number(params.get('page'));
  return {
    status: (STATUS_CLASSES as readonly string[]).includes(status ?? '')
      ? (status as StatusClass)
      : null,
    method: method && (LOGGED_METHODS as readonly string[]).includes(method) ? method : null,
    path: text('path'),
    from: date('from'),
    to: date('to'),
    requestId: text('request_id'),
    page: Number.isInteger(page) && page > 1 ? Math.min(page, 1000) : 1,
  };
}

/** The URL's search for these filters, keeping other parameters (the dashboard's tab). */
export function searchWithFilters(current: URLSearchParams, filters: RequestLogFilters) {
  const next = new URLSearchParams(current);
  const set = (name: string, value: string | null) =>
    value ? next.set(name, value) : next.delete(name);
  set('status', filters.status);
  set('method', filters.method);
  set('path', filters.path);
  set('from', filters.from);
  set('to', filters.to);
  set('request_id', filters.requestId);
  set('page', filters.page > 1 ? String(filters.page) : null);
  return next;
}

/** The status range of a class: [lowest, above highest). */
export function statusRange(status: StatusClass): [number, number] {
  const low = Number(status[0]) * 100;
  return [low, low + 100];
}

/** The first instant of a local date, and the first instant after another. */
export function dateRange(from: string | null, to: string | null) {
  const start = from ? new Date(`${from}T00:00:00`) : null;
  const end = to ? new Date(`${to}T00:00:00`) : null;
  if (end) end.setDate(end.getDate() + 1);
  return { start: start?.toISOString() ?? null, end: end?.toISOString() ?? null };
}
