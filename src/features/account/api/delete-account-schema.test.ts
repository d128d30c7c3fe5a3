import { describe, expect, it } from 'vitest';
import { deleteAccountMessages, deleteAccountSchema } from './delete-account-schema';

describe('the delete-account confirmation', () => {
  const schema = deleteAccountSchema('Kim.Lee@Example.com');

  it('takes the account’s e-mail, whatever its case and surrounding spaces', () => {
    expect(schema.parse({ confirm: '  kim.lee@example.COM ' })).toEqual({
      confirm: 'kim.lee@example.COM',
    });
  });

  it('refuses an empty field and any other address', () => {
    const empty = schema.safeParse({ confirm: '  ' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(deleteAccountMessages.required);
    const other = schema.safeParse({ confirm: 'someone@example.com' });
    expect(other.error?.issues[0]?.message).toBe(deleteAccountMessages.mismatch);
  });
});
