/**
 * The rule kit (src/private/kit/rule-row.ts, rule-context.ts): rule tables are checked when a store is defined, and a
 * rule can only report at its own severity.
 */
import { Rule } from '../../../../src/private/kit/rule-context';
import { checkRuleRows } from '../../../../src/private/kit/rule-row';
import { FieldSpec, FieldTable, since } from '../../../../src/private/kit/schema';
import { StateLayout } from '../../../../src/private/kit/state-layout';
import { checkConfig, defineStore } from '../../../../src/private/kit/store';

const FIELDS: FieldSpec[] = [
  { name: 'bucket', key: 'bucket', type: 'string', required: true, since: since('0.12.0') },
  { name: 'role', key: 'role', type: 'block', since: since('0.12.0'), fields: [{ name: 'arn', key: 'arn', type: 'string', since: since('0.12.0') }] },
];
const rule = (id: string, fields: string[], check: Rule['check'] = () => undefined): Rule =>
  ({ id, severity: 'error', fields, description: 'd', evidence: 'e', offline: { validate: 'both tools' }, check });
const LAYOUT: StateLayout = { container: ['bucket'], object: [], objectName: () => 'state', separateWith: 'bucket' };
const NAMES = { backend: 'DemoBackend', remoteState: 'DataTerraformRemoteStateDemo', config: 'DemoBackendConfig' };
const define = (rules: Rule[], layout: StateLayout = LAYOUT) => defineStore({ backend: 'demo', names: NAMES, fields: FIELDS, rules, layout, emulator: 'none' });

describe('defineStore', () => {
  test('fails at load if a rule names a field the table does not have', () => {
    expect(() => define([rule('demo/a', ['bucket', 'role.arn', 'role.nope'])])).toThrow(
      'demo: rule demo/a names role.nope, which is not a field of the table',
    );
    expect(() => define([rule('demo/a', ['buckets'])])).toThrow('names buckets');
  });

  test('fails at load on a duplicate id or an id outside the store', () => {
    expect(() => define([rule('demo/a', []), rule('demo/a', [])])).toThrow('demo: two rules have the id demo/a');
    expect(() => define([rule('other/a', [])])).toThrow('rule id other/a must start with "demo/"');
  });

  test('fails at load if an error rule does not say which offline check of the tool refuses it', () => {
    const { offline: _, ...silent } = rule('demo/a', ['bucket']);
    expect(() => define([silent])).toThrow(
      'demo: error rule demo/a does not say which offline check of the tool refuses it, or why none can',
    );
  });

  test('fails at load if the state layout reads a key the table does not have', () => {
    // GIVEN a layout naming a key no field emits
    const layout = { ...LAYOUT, object: ['prefix'] };
    // THEN the store refuses to load
    expect(() => define([], layout)).toThrow('demo: the state layout reads prefix, which is not a key of the table');
  });

  test('fails at load on a field table that gives one name to two fields', () => {
    expect(() => new FieldTable([...FIELDS, { name: 'b', aliases: ['bucket'], key: 'b', type: 'string', since: since('0.12.0') }])).toThrow(
      'field table: bucket names two fields',
    );
  });

  test('fails if a check compares with a release its row does not declare', () => {
    // GIVEN a rule whose check asks for a release its versions lack (TypeScript refuses the name where
    // the row is written with versioned(); a row built from untyped data is caught when it runs)
    const asks: Rule = { ...rule('demo/v', ['bucket'], (c) => void c.reached('later')), versions: { sooner: { terraform: '1.1.0' } } };
    const store = define([asks]);
    // THEN checking a config with it throws, naming the rule and the release
    expect(() => checkConfig(store, { bucket: 'b' }, { tool: 'terraform', version: '1.11.4' }, 'backend')).toThrow(
      'rule demo/v compares with release later, which its versions do not declare',
    );
  });

  test('a rule applies only between the releases it declares', () => {
    // GIVEN a rule for terraform from 1.6.0 and opentofu from 1.11.0
    const hit: Rule = {
      ...rule('demo/r', ['bucket'], (c) => c.error('bucket', 'refused')),
      versions: { sdk: { terraform: '1.6.0', opentofu: '1.11.0' } },
      appliesTo: { from: 'sdk' },
    };
    const store = define([hit]);
    const errors = (tool: 'terraform' | 'opentofu', version: string) => checkConfig(store, { bucket: 'b' }, { tool, version }, 'backend').errors.length;
    // THEN it runs from those releases on, per tool
    expect([errors('terraform', '1.5.7'), errors('terraform', '1.6.0'), errors('opentofu', '1.10.7'), errors('opentofu', '1.11.0')]).toEqual([0, 1, 0, 1]);
  });

  test('a rule reports only at its own severity', () => {
    const warns: Rule = { ...rule('demo/w', ['bucket'], (c) => c.error('bucket', 'x')), severity: 'warning' };
    const store = define([warns]);
    expect(() => checkConfig(store, { bucket: 'b' }, { tool: 'terraform', version: '1.11.4' }, 'backend')).toThrow(
      'rule demo/w is a warning rule and cannot report errors',
    );
  });
});

describe('checkRuleRows (every rule table, the encryption block\'s included, when it loads)', () => {
  const row = (id: string, severity = 'error', evidence = 'opentofu 1.7.0, encryption.go') => ({ id, severity, evidence });

  test('accepts well-formed rows', () => {
    expect(() => checkRuleRows('encryption', [row('encryption/a'), row('encryption/b-2', 'warning')], true)).not.toThrow();
  });

  test.each([
    [[row('encryption/a'), row('encryption/a')], 'encryption: two rules have the id encryption/a'],
    [[{ ...row('encryption/a'), appliesTo: { from: 'newSdk' } }], 'encryption: rule encryption/a applies by release newSdk, which its versions do not declare'],
    [[{ ...row('encryption/a'), versions: { newSdk: { opentofu: '1.11' } } }], 'encryption: rule encryption/a declares release newSdk as opentofu 1.11, expected x.y.z'],
    [[{ ...row('encryption/a'), versions: { newSdk: { tofu: '1.11.0' } as never } }], 'encryption: rule encryption/a declares release newSdk for tofu, expected terraform or opentofu'],
    [[row('gcs/a')], 'rule id gcs/a must start with "encryption/"'],
    [[row('encryption/Bad_Id')], 'rule id encryption/Bad_Id must start with "encryption/" and hold lower-case letters, digits and hyphens'],
    [[row('encryption/a', 'info')], 'rule encryption/a has severity info, expected error or warning'],
    [[row('encryption/a', 'error', ' ')], 'rule encryption/a gives no evidence'],
    [[row('encryption/a', 'error', 'the spec says so')], 'rule encryption/a gives no evidence naming a release of the tool'],
  ])('fails on %j', (rows, message) => {
    expect(() => checkRuleRows('encryption', rows, true)).toThrow(message);
  });
});
