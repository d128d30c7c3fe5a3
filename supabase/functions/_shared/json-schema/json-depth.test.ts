// @vitest-environment node
import { ServiceError } from '../errors.ts';
import {
  fieldOfPath,
  pathDeeperThan,
  rejectDeepJsonText,
  rejectDeepValue,
  valuePathDeeperThan,
} from './json-depth.ts';

const nested = (levels: number, key = 'a') =>
  `${`{"${key}":`.repeat(levels)}1${'}'.repeat(levels)}`;

function refusal(run: () => void): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('pathDeeperThan (JSON text)', () => {
  it('lets a body of exactly 64 levels through', () => {
    expect(pathDeeperThan(nested(64))).toBeNull();
  });

  it('finds a body of 65 levels, with the path to the container too deep', () => {
    const path = pathDeeperThan(`{"goal":"x","metadata":${nested(64, 'm')}}`);
    expect(path?.slice(0, 2)).toEqual(['metadata', 'm']);
    expect(path).toHaveLength(64);
  });

  it('counts lists as levels and names the row of a batch', () => {
    const row = `{"phone_number":"+14155550100","context":${'['.repeat(70)}${']'.repeat(70)}}`;
    const text = `{"tasks":[{"goal":"a"},{"goal":"b"},${row}]}`;
    expect(fieldOfPath(pathDeeperThan(text)!)).toBe('tasks.2.context');
  });

  it('ignores brackets and escaped quotes inside strings', () => {
    const text = `{"goal":"${'[{'.repeat(200)} \\" ${'{'.repeat(100)}","n":[1,2,3]}`;
    expect(pathDeeperThan(text)).toBeNull();
  });

  it('scans a 9,000-deep body without recursion', () => {
    const text = `{"metadata":${'['.repeat(9000)}${']'.repeat(9000)}}`;
    expect(fieldOfPath(pathDeeperThan(text)!)).toBe('metadata');
  });

  it('decodes escaped keys in the path', () => {
    expect(pathDeeperThan(`{"m\\u0065ta":${nested(70)}}`)?.[0]).toBe('meta');
  });
});

describe('valuePathDeeperThan (parsed value)', () => {
  it('measures as the text scan does', () => {
    for (const levels of [63, 64, 65, 200]) {
      const text = `{"context":${nested(levels - 1)}}`;
      expect(valuePathDeeperThan(JSON.parse(text)) === null).toBe(pathDeeperThan(text) === null);
    }
  });

  it('measures a 9,000-deep value without recursion', () => {
    const value = JSON.parse(`{"output_schema":${'{"not":'.repeat(9000)}{}${'}'.repeat(9000)}}`);
    expect(fieldOfPath(valuePathDeeperThan(value)!)).toBe('output_schema');
  });
});

describe('the refusal', () => {
  it('is a 400 invalid_request naming the field and the limit', () => {
    const error = refusal(() => rejectDeepJsonText(`{"metadata":${nested(100)}}`));
    expect(error.code).toBe('invalid_request');
    expect(error.field).toBe('metadata');
    expect(error.message).toBe('metadata nests deeper than 64 levels of objects and lists');
  });

  it('names the body when the body itself is a deep list', () => {
    const error = refusal(() => rejectDeepValue(JSON.parse(`${'['.repeat(80)}${']'.repeat(80)}`)));
    expect(error.field).toBe('body');
  });
});
