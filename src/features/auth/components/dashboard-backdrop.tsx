/**
 * The blurred dashboard behind the auth form: shapes only, no data, hidden from
 * assistive technology.
 */
export function DashboardBackdrop() {
  return (
    <div
      aria-hidden
      className="pointer-events-none absolute inset-0 flex select-none blur-[6px] motion-safe:transition-[filter]"
    >
      <div className="hidden w-64 flex-col gap-3 border-r bg-card p-6 md:flex">
        <div className="mb-6 h-7 w-32 rounded-md bg-primary/30" />
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className="h-9 rounded-md bg-muted" />
        ))}
        <div className="mt-auto h-9 rounded-md bg-muted" />
      </div>
      <div className="flex flex-1 flex-col">
        <div className="flex h-14 items-center justify-between border-b bg-card px-6">
          <div className="h-5 w-40 rounded bg-muted" />
          <div className="h-8 w-28 rounded-md bg-primary/30" />
        </div>
        <div className="grid flex-1 content-start gap-6 p-6 lg:grid-cols-2">
          {[0, 1, 2, 3].map((card) => (
            <div key={card} className="grid gap-3 rounded-lg border bg-card p-6 shadow-sm">
              <div className="h-5 w-1/3 rounded bg-muted" />
              <div className="h-4 w-3/4 rounded bg-muted" />
              <div className="h-4 w-2/3 rounded bg-muted" />
              <div className="mt-2 h-9 w-32 rounded-md bg-primary/20" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
