// @vitest-environment node
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ServiceError } from '../errors.ts';
import {
  ajvRetainedSchemas,
  argumentsProblem,
  checkOutputSchema,
  emptyResult,
  providerSchemaOf,
  resultSchemaOf,
  settleResult,
} from './output-schema.ts';

export const APPOINTMENT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    confirmed: { type: 'boolean', description: 'The patient confirmed the appointment.' },
    new_time: { type: ['string', 'null'], description: 'A new time, if one was agreed.' },
    party_size: { type: 'integer' },
    channel: { type: 'string', enum: ['phone', 'sms', 'email'] },
    notes: { type: 'array', items: { type: 'string' } },
  },
  required: ['confirmed'],
  additionalProperties: false,
};

function refusal(schema: unknown) {
  try {
    checkOutputSchema(schema);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected the schema to be refused');
}

describe('checkOutputSchema', () => {
  it('accepts a schema with boolean, nullable string, integer, enum and array fields', () => {
    expect(checkOutputSchema(APPOINTMENT_SCHEMA)).toEqual(APPOINTMENT_SCHEMA);
  });

  it('accepts nesting of three levels (root object, object, array)', () => {
    const schema = {
      type: 'object',
      properties: {
        address: {
          type: ['object', 'null'],
          properties: { lines: { type: 'array', items: { type: 'string' } } },
        },
      },
    };
    expect(checkOutputSchema(schema)).toEqual(schema);
  });

  it.each([
    ['an unknown type', { type: 'object', properties: { a: { type: 'strnig' } } }],
    [
      'required that is not a list',
      { type: 'object', properties: { a: { type: 'string' } }, required: 'a' },
    ],
    ['a top level that is not an object', { type: 'array', items: { type: 'string' } }],
    [
      'a keyword outside the subset',
      { type: 'object', properties: { a: { type: 'string', pattern: '^x' } } },
    ],
    ['a reference', { type: 'object', properties: { a: { $ref: '#/$defs/x' } } }],
    [
      'a union of two real types',
      { type: 'object', properties: { a: { type: ['string', 'integer'] } } },
    ],
    ['an enum of numbers', { type: 'object', properties: { a: { type: 'string', enum: [1, 2] } } }],
    ['an array without items', { type: 'object', properties: { a: { type: 'array' } } }],
    ['an object without properties', { type: 'object', properties: {} }],
    [
      'a required field that is not declared',
      { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] },
    ],
    ['not an object at all', 'a string'],
    [
      'another draft',
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { a: { type: 'string' } },
      },
    ],
  ])('refuses %s with a 400 naming output_schema', (_name, schema) => {
    const error = refusal(schema);
    expect(error.code).toBe('invalid_request');
    expect(error.field).toBe('output_schema');
  });

  it('refuses nesting deeper than three levels', () => {
    const error = refusal({
      type: 'object',
      properties: {
        a: {
          type: 'object',
          properties: {
            b: { type: 'array', items: { type: 'object', properties: { c: { type: 'string' } } } },
          },
        },
      },
    });
    expect(error.field).toBe('output_schema');
    expect(error.message).toMatch(/nested at most 3 levels/);
  });

  it('refuses a keyword outside the subset before Ajv sees the schema, with our message', () => {
    const error = refusal({
      type: 'object',
      $id: 'https://attacker.example/1',
      properties: { a: { not: { not: { not: { type: 'string' } } } } },
    });
    expect(error.message).toMatch(/uses "\$id", which output_schema does not support/);
  });

  it('refuses an enum that is not a list with a 400, not a crash', () => {
    const error = refusal({ type: 'object', properties: { a: { type: 'string', enum: 'x' } } });
    expect(error.message).toMatch(/enum must list strings/);
  });

  it('keeps no schema compiled after hundreds of distinct schemas are checked or settled', () => {
    const before = ajvRetainedSchemas();
    for (let i = 0; i < 300; i++) {
      const schema = {
        type: 'object',
        properties: { [`field_${i}`]: { type: 'string', description: `attempt ${i}` } },
      };
      checkOutputSchema(schema);
      settleResult(schema, { [`field_${i}`]: 'x' });
    }
    expect(ajvRetainedSchemas()).toBeLessThanOrEqual(before);
  }, 30_000);

  it('refuses a schema above 8 KB', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [
        `field_${i}`,
        { type: 'string', description: 'x'.repeat(40) },
      ]),
    );
    const error = refusal({ type: 'object', properties });
    expect(error.field).toBe('output_schema');
    expect(error.message).toMatch(/8 KB/);
  });
});

describe('settleResult', () => {
  const ajv = new Ajv2020({ strict: false });
  const fitsResultSchema = ajv.compile(resultSchemaOf(APPOINTMENT_SCHEMA));
  const fitsIntegratorSchema = ajv.compile(APPOINTMENT_SCHEMA);

  it('keeps an answer that fits, cut to the declared fields, absent ones null', () => {
    const settled = settleResult(APPOINTMENT_SCHEMA, {
      confirmed: true,
      party_size: 2,
      channel: 'sms',
      notes: ['bring the card'],
      invented: 'dropped',
    });
    expect(settled).toEqual({
      result: {
        confirmed: true,
        new_time: null,
        party_size: 2,
        channel: 'sms',
        notes: ['bring the card'],
      },
      note: null,
    });
    expect(fitsResultSchema(settled.result)).toBe(true);
  });

  it('a fully filled answer is valid against the integrator’s own schema', () => {
    const settled = settleResult(APPOINTMENT_SCHEMA, {
      confirmed: false,
      new_time: 'Thursday 3 pm',
      party_size: 1,
      channel: 'phone',
      notes: [],
    });
    expect(settled.note).toBeNull();
    expect(fitsIntegratorSchema(settled.result)).toBe(true);
  });

  it.each([
    ['a wrong type', { confirmed: 'yes' }],
    ['a value outside the enum', { confirmed: true, channel: 'fax' }],
    ['a fraction for an integer', { confirmed: true, party_size: 2.5 }],
    ['an array of the wrong items', { confirmed: true, notes: [1, 2] }],
  ])('stores null fields and a note for %s, never invalid data', (_name, answer) => {
    const settled = settleResult(APPOINTMENT_SCHEMA, answer);
    expect(settled.result).toEqual(emptyResult(APPOINTMENT_SCHEMA));
    expect(settled.note).toMatch(/did not fit output_schema/);
    expect(fitsResultSchema(settled.result)).toBe(true);
  });

  it('stores null fields and a note when there is no analysis', () => {
    for (const answer of [undefined, null, 'text']) {
      const settled = settleResult(APPOINTMENT_SCHEMA, answer);
      expect(settled.result).toEqual({
        confirmed: null,
        new_time: null,
        party_size: null,
        channel: null,
        notes: null,
      });
      expect(settled.note).toBeTruthy();
    }
  });
});

describe('providerSchemaOf', () => {
  it('speaks Vapi’s JsonSchema: one type per node, string enums, no null', () => {
    const converted = providerSchemaOf(APPOINTMENT_SCHEMA);
    expect(converted).toEqual({
      type: 'object',
      properties: {
        confirmed: { type: 'boolean', description: 'The patient confirmed the appointment.' },
        new_time: {
          type: 'string',
          description:
            'A new time, if one was agreed. Leave out if the conversation did not settle it.',
        },
        party_size: { type: 'integer' },
        channel: { type: 'string', enum: ['phone', 'sms', 'email'] },
        notes: { type: 'array', items: { type: 'string' } },
      },
    });
  });
});

describe('argumentsProblem (a tool call against its parameters)', () => {
  const parameters = checkOutputSchema(
    {
      type: 'object',
      properties: { name: { type: 'string' }, refills: { type: 'integer' } },
      required: ['name'],
      additionalProperties: false,
    },
    'tools.0.parameters',
  );

  it('accepts arguments that fit and names what does not', () => {
    expect(argumentsProblem(parameters, { name: 'Kim', refills: 2 })).toBeNull();
    expect(argumentsProblem(parameters, { refills: 2 })).toMatch(
      /must have required property 'name'/,
    );
    expect(argumentsProblem(parameters, { name: 'Kim', refills: 'two' })).toMatch(
      /^arguments\.refills must be integer/,
    );
    expect(argumentsProblem(parameters, { name: 'Kim', extra: 1 })).toMatch(/additional/);
    expect(argumentsProblem(parameters, 'name=Kim')).toMatch(/must be object/);
  });

  it('names the tool field in a refused schema', () => {
    expect(() => checkOutputSchema({ type: 'string' }, 'tools.2.parameters')).toThrow(
      expect.objectContaining({ field: 'tools.2.parameters' }),
    );
  });
});
