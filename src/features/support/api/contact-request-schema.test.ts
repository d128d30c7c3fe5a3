import { contactRequestSchema, type ContactRequestInput } from './contact-request-schema';

const valid: ContactRequestInput = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  companyName: 'Analytical Engines Ltd',
  phoneNumber: '',
  role: 'CTO',
  message: 'We place about 20,000 calls a month.',
};

function messagesFor(input: Partial<ContactRequestInput>) {
  const result = contactRequestSchema.safeParse({ ...valid, ...input });
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('contactRequestSchema', () => {
  it('accepts a complete request and trims every field', () => {
    const result = contactRequestSchema.parse({ ...valid, fullName: '  Ada Lovelace  ' });
    expect(result.fullName).toBe('Ada Lovelace');
    expect(result.phoneNumber).toBe('');
  });

  it('asks for each required field with its own message', () => {
    expect(
      messagesFor({ fullName: ' ', email: '', companyName: '', role: '', message: '   ' }),
    ).toEqual({
      fullName: 'Enter your full name.',
      email: 'Enter your email address.',
      companyName: 'Enter your company name.',
      role: 'Enter your job title.',
      message: 'Tell us how we can help.',
    });
  });

  it('refuses a malformed e-mail address', () => {
    expect(messagesFor({ email: 'ada-at-example.com' })).toEqual({
      email: 'Enter a valid email address.',
    });
  });

  it('keeps the phone number optional but checks it when given', () => {
    expect(messagesFor({ phoneNumber: '+1 (555) 123-4567' })).toEqual({});
    expect(messagesFor({ phoneNumber: 'call me' })).toEqual({
      phoneNumber: 'Enter a valid phone number.',
    });
  });

  it('enforces the database length limits', () => {
    expect(messagesFor({ message: 'x'.repeat(5000) })).toEqual({});
    expect(messagesFor({ message: 'x'.repeat(5001) })).toEqual({
      message: 'Keep your message under 5,000 characters.',
    });
    expect(messagesFor({ fullName: 'x'.repeat(201) })).toEqual({
      fullName: 'Keep your name under 200 characters.',
    });
  });
});
