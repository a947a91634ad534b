/**
 * A rule row's offline check (src/private/kit/rule-context.ts): data, worded for docs/FIELDS.md.
 */
import { offlineText } from '../../../../src/private/kit/rule-context';

test('validate in both tools, in one tool with the check, and with what the other does instead', () => {
  expect(offlineText({ validate: 'both tools' })).toBe('validate refuses it (both tools)');
  expect(offlineText({ validate: 'opentofu', how: 'ConflictsWith' })).toBe('opentofu validate refuses it (ConflictsWith)');
  expect(offlineText({ validate: 'opentofu', how: 'ConflictsWith', besides: 'terraform checks it when init configures the backend' }))
    .toBe('opentofu validate refuses it (ConflictsWith); terraform checks it when init configures the backend');
});

test('no offline check, and why', () => {
  expect(offlineText({ none: 'validate accepts any name' })).toBe('no offline check: validate accepts any name');
});
