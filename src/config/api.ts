/**
 * Where integrators send requests: the project's edge functions. One base URL for every page
 * and sample (landing page, /docs); `<project>` is the Supabase project's reference.
 */
export const API_BASE_URL = 'https://<project>.supabase.co/functions/v1';
export const LOCAL_API_BASE_URL = 'http://127.0.0.1:54321/functions/v1';
export const TASK_URL = `${API_BASE_URL}/task`;
export const LOCAL_TASK_URL = `${LOCAL_API_BASE_URL}/task`;
export const MCP_URL = `${API_BASE_URL}/mcp`;
/** The call API's OpenAPI description, served by the app (vite.config.ts). */
export const OPENAPI_PATH = '/openapi.yaml';
