import { describe, expect, it } from 'vitest';
import { matchesFilterPattern } from '../setup/filter-pattern';

/** The evaluator the alarm tests use, held to the examples in CloudWatch Logs' user guide ("Filter and pattern syntax", JSON). */
const trail = JSON.stringify({ eventType: 'UpdateTrail', sourceIPAddress: '111.111.111.111', arrayKey: ['value', 'another value'], objectList: [{ name: 'a', id: 1 }, { name: 'b', id: 2 }], SomeObject: null, ThisFlag: true });
const users = JSON.stringify({ user: { id: 1, email: 'John.Stiles@example.com' }, users: [{ id: 2, email: 'John.Doe@example.com' }, { id: 3, email: 'Jane.Doe@example.com' }], actions: ['GET', 'PUT', 'DELETE'], coordinates: [[0, 1, 2], [4, 5, 6], [7, 8, 9]] });

describe('CloudWatch JSON filter patterns', () => {
  it.each([
    ['{ $.eventType = "UpdateTrail" }', true],
    ['{ $.sourceIPAddress != 123.123.* }', true],
    ['{ $.sourceIPAddress = 111.111.* }', true],
    ['{ $.arrayKey[0] = "value" }', true],
    ['{ $.objectList[1].id = 2 }', true],
    ['{ $.SomeObject IS NULL }', true],
    ['{ $.SomeOtherObject NOT EXISTS }', true],
    ['{ $.ThisFlag IS TRUE }', true],
    ['{ $.eventType = "PutEvent" }', false],
    ['{ $.objectList = 1 }', false],
    ['{ $.objectList != 1 }', false],
  ])('the guide\'s event: %s → %s', (pattern, expected) => {
    expect(matchesFilterPattern(pattern, trail)).toBe(expected);
  });

  it.each([
    ['{ ($.user.id = 1) && ($.users[0].email = "John.Doe@example.com") }', true],
    ['{ ($.user.id = 2 && $.users[0].email = "nonmatch") || $.actions[2] = "GET" }', false],
    ['{ $.user.email = "John.Stiles@example.com" || $.coordinates[0][1] = nonmatch && $.actions[2] = nomatch }', true],
    ['{ ($.user.email = "John.Stiles@example.com" || $.coordinates[0][1] = nonmatch) && $.actions[2] = nomatch }', false],
  ])('the guide\'s compound conditions: %s → %s', (pattern, expected) => {
    expect(matchesFilterPattern(pattern, users)).toBe(expected);
  });

  it('compares numbers as numbers, and matches only a log event that is JSON from its first character', () => {
    const line = JSON.stringify({ type: 'request', status: 503 });
    expect(matchesFilterPattern('{ $.status >= 500 }', line)).toBe(true);
    expect(matchesFilterPattern('{ $.status < 500 }', line)).toBe(false);
    expect(matchesFilterPattern('{ $.type = "request" && $.status >= 500 }', `2030-01-07T10:00:00.000Z\tabc\tERROR\t${line}`)).toBe(false);
  });
});
