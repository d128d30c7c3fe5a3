// npm run deploy:check [-- --env supabase/functions/.env.production]
// Checks, without any network, what a deployment needs from the repository and its env file. With
// no env file there is no production to check against: every required setting is named missing.
import { readDeployEnvFile } from '../deploy/env-file';
import { checkDeploy, readRepository } from './checks';

const envFile = readDeployEnvFile(process.argv.slice(2));
if (!envFile.found)
  console.log(
    `error: no env file at ${envFile.path}: copy supabase/functions/.env.example there and fill it (or pass --env <file>)`,
  );
const findings = checkDeploy({
  ...readRepository(process.cwd(), null),
  env: envFile.values,
  pushEnv: process.env,
});
for (const finding of findings) console.log(`${finding.level}: ${finding.message}`);
const errors =
  findings.filter((finding) => finding.level === 'error').length + (envFile.found ? 0 : 1);
console.log(
  errors ? `deploy:check: ${errors} error(s).` : 'deploy:check: nothing blocks a deploy.',
);
process.exit(errors ? 1 : 0);
