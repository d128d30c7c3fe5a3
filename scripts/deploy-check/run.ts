// npm run deploy:check [-- --env-file supabase/functions/.env.production]
// Checks, without any network, what a deployment needs from the repository and the env file.
import path from 'node:path';
import { checkDeploy, readRepository } from './checks';

const args = process.argv.slice(2);
const at = args.indexOf('--env-file');
const envFile = at >= 0 ? path.resolve(args[at + 1] ?? '') : null;

const findings = checkDeploy({ ...readRepository(process.cwd(), envFile), pushEnv: process.env });
for (const finding of findings) console.log(`${finding.level}: ${finding.message}`);
const errors = findings.filter((finding) => finding.level === 'error').length;
console.log(
  errors
    ? `deploy:check: ${errors} error(s).`
    : `deploy:check: nothing blocks a deploy${envFile ? '' : ' (no --env-file given: secrets not checked)'}.`,
);
process.exit(errors ? 1 : 0);
