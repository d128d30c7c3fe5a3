// npm run deploy [-- --env <file>] [--dry-run]
// The whole path to a hosted project from one env file (default supabase/functions/.env.production),
// non-interactively: the checks (nothing starts with a setting missing), link, migrations, Vault,
// the functions' secrets, auth and storage config, every function, then the smoke test.
// --dry-run runs the checks and prints every command and check without running any.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readRepository } from '../deploy-check/checks';
import { readDeployEnvFile } from './env-file';
import { deployPlan, describeStep, type CliStep } from './plan';
import { runSmoke } from './smoke';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const root = process.cwd();
const envFile = readDeployEnvFile(args, root);
const env = envFile.values;
const plan = deployPlan({ ...readRepository(root, null), env, pushEnv: {} });

console.log(`deploy${dryRun ? ' (dry run: nothing is run)' : ''} from ${envFile.path}`);
console.log('Checks (npm run deploy:check):');
if (!envFile.found) console.log(`  error: no env file at ${envFile.path}`);
for (const finding of plan.findings) console.log(`  ${finding.level}: ${finding.message}`);
const errors = plan.findings.filter((finding) => finding.level === 'error').length;
if (errors || !envFile.found) {
  console.log(`deploy: stopped before anything ran: ${errors + (envFile.found ? 0 : 1)} error(s).`);
  process.exit(1);
}
console.log('  ok: every setting is present');

plan.steps.forEach((step, index) => {
  const [title, ...rest] = describeStep(step);
  console.log(`${index + 1}. ${title}`);
  for (const line of rest) console.log(line);
});
if (dryRun) process.exit(0);

/** The pinned CLI (package.json), with the env file's values: its tokens and config's env(). */
function runCli(step: CliStep) {
  const folder = mkdtempSync(path.join(tmpdir(), 'dialwise-deploy-'));
  try {
    const fileArgs: string[] = [];
    if (step.file) {
      const file = path.join(folder, step.file.flag === '--file' ? 'step.sql' : 'step.env');
      writeFileSync(file, step.file.contents, { mode: 0o600 });
      fileArgs.push(step.file.flag, file);
    }
    const result = spawnSync(
      path.join(root, 'node_modules/.bin/supabase'),
      [...step.args, ...fileArgs],
      { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
    );
    if (result.status !== 0) {
      console.error(`deploy: "${step.title}" failed (exit ${result.status ?? result.signal}).`);
      process.exit(1);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

for (const [index, step] of plan.steps.entries()) {
  console.log(`\n${index + 1}. ${step.title}`);
  if (step.kind === 'cli') {
    runCli(step);
    continue;
  }
  try {
    await runSmoke(
      {
        projectUrl: env.SUPABASE_PROJECT_URL!,
        publishableKey: env.SUPABASE_PUBLISHABLE_KEY!,
        secretKey: env.SUPABASE_SECRET_KEY!,
        poolerUrl: env.DB_POOLER_URL!,
        caBundle: env.DB_SSL_ROOT_CERT || undefined,
      },
      (line) => console.log(line),
    );
  } catch (error) {
    console.error(`deploy: the smoke test failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
console.log('\ndeploy: done.');
