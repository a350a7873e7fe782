import { describe, expect, it } from 'vitest';
import { dynamoItemBytes, writeUnits } from '../../shared/adapters/aws/dynamo-item-size';

describe('dynamoItemBytes', () => {
  it('counts names and strings in UTF-8 bytes, binaries by length, null and booleans as one byte', () => {
    expect(dynamoItemBytes({ pk: 'S#s-42' })).toBe(2 + 6);
    expect(dynamoItemBytes({ é: 'ü€' })).toBe(2 + 5);
    expect(dynamoItemBytes({ b: new Uint8Array(300) })).toBe(1 + 300);
    expect(dynamoItemBytes({ n: null, t: true, f: false })).toBe(3 * 2);
  });

  it('counts a number as one byte per two significant digits plus one', () => {
    expect(dynamoItemBytes({ v: 1 })).toBe(1 + 2);
    expect(dynamoItemBytes({ v: 1_796_040_011_108 })).toBe(1 + 8);
    expect(dynamoItemBytes({ v: 1_000_000 })).toBe(1 + 2);
    expect(dynamoItemBytes({ v: -0.125 })).toBe(1 + 3);
  });

  it('counts a list or map as three bytes plus one per element, with the names of a map', () => {
    expect(dynamoItemBytes({ l: ['ab', 'c'] })).toBe(1 + 3 + (1 + 2) + (1 + 1));
    expect(dynamoItemBytes({ m: { ab: 'c', skipped: undefined } })).toBe(1 + 3 + (1 + 2 + 1));
  });

  it('refuses values DynamoDB cannot hold', () => {
    expect(() => dynamoItemBytes({ n: Number.NaN })).toThrow(/cannot size the number NaN/);
    expect(() => dynamoItemBytes({ f: () => 1 })).toThrow(/cannot size a function/);
  });
});

describe('writeUnits', () => {
  it('bills one unit per started kilobyte, at least one', () => {
    expect([0, 1, 1024, 1025, 2048, 2049].map(writeUnits)).toEqual([1, 1, 1, 2, 2, 3]);
  });
});
