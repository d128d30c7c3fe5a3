// @vitest-environment node
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import zones from './function-zones.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (file: string) => `supabase/functions/_shared/${file}`;
const importing = (what: string) => `import { x } from '${what}';`;

tester.run('function-zones', zones.rules['function-zones'], {
  valid: [
    { filename: at('tasks/service.ts'), code: importing('../voice/provider.ts') },
    { filename: at('tasks/handler.ts'), code: importing('../http/handler.ts') },
    {
      filename: at('voice/vapi/adapter.ts'),
      code: importing('../../json-schema/output-schema.ts'),
    },
    { filename: at('accounts/session.ts'), code: importing('./api-keys.ts') },
    { filename: 'supabase/functions/task/index.ts', code: importing('../_shared/tasks/wiring.ts') },
  ],
  invalid: [
    {
      filename: at('voice/vapi/adapter.ts'),
      code: importing('../../tasks/service.ts'),
      errors: [{ message: 'voice → tasks: voice imports only contract and helpers.' }],
    },
    {
      filename: at('contract/limits.ts'),
      code: importing('../errors.ts'),
      errors: [{ message: 'contract → helpers: contract imports nothing.' }],
    },
    {
      filename: at('http/auth.ts'),
      code: importing('../accounts/api-keys.ts'),
      errors: [{ message: 'http → accounts: http imports only contract and helpers.' }],
    },
    {
      filename: at('tasks/service.ts'),
      code: importing('../http/handler.ts'),
      errors: [
        {
          message:
            'tasks → http: a service knows no HTTP: throw ServiceError and let the handler answer it.',
        },
      ],
    },
    {
      filename: at('accounts/api-keys.ts'),
      code: importing('../tasks/service.ts'),
      errors: [
        { message: 'accounts → tasks: an import runs down only (accounts is not above tasks).' },
      ],
    },
  ],
});
