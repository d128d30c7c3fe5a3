import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appPort, runStackCommand } from '@dialwise/local-stack';
import { dialwiseStack } from './dialwise';

/**
 * `npm run dev` (stack + Vite), `npm run backend` (stack alone), `npm run db:reset`, and
 * `npm run status [-- -o json|env]` (the running stack's URLs and keys).
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

runStackCommand(process.argv[2] ?? 'backend', {
  ...dialwiseStack(),
  title: 'Dialwise local stack is running.',
  appUrl: `http://localhost:${appPort('dev')}`,
  startApp: (config) =>
    spawn(process.execPath, [path.join(projectRoot, 'node_modules/vite/bin/vite.js')], {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? config.apiUrl },
    }),
  statusLines: ['      Demo login: demo@dialwise.dev / dialwise-demo'],
});
