// Stands in for https://deno.land/std@0.168.0/http/server.ts (unreachable offline) in the
// supabase-js test project's functions: its `serve(handler)` is Deno.serve with a handler.
export function serve(handler: (request: Request) => Response | Promise<Response>) {
  return Deno.serve(handler);
}
