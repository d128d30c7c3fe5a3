/**
 * The test stack that Playwright starts (see playwright.config.ts): the local Supabase stack on
 * spare ports beside any running dev stack, and Vite pointed at it.
 */
export const TEST_STACK = {
  appUrl: 'http://localhost:5174',
  apiUrl: 'http://127.0.0.1:55321',
  mailboxUrl: 'http://127.0.0.1:55324',
  dbUrl: 'postgresql://postgres:postgres@127.0.0.1:55322/postgres',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  serviceRoleKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
} as const;
