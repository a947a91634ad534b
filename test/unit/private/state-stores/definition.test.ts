/**
 * The state stores' tables (src/private/state-stores/) and what they are checked for when they
 * load, and the props structs the tables drive: every row's prop is documented in its construct's
 * props struct as the table says (required or with the table's default), and every documented prop
 * but `provider` has a row.
 */
import { STATE_STORES } from '../../../../src/private/state-stores';
import { defineStateStore } from '../../../../src/private/state-stores/definition';
import { GCS_STATE_BUCKET } from '../../../../src/private/state-stores/gcs';
import { STATE_STORE_RULES } from '../../../../src/private/state-stores/rules';
import { PROVIDER_ROWS } from '../../../support/provider-rows';
import { interfaceDocs } from '../../../support/tsdoc';

/** `GcsStateBucket` -> `gcs-state-bucket.ts`. */
const fileOf = (construct: string) => `${construct.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.ts`;

describe.each(STATE_STORES.map((s) => [s.names.construct, s] as const))('%s: its props struct and its table agree', (_name, store) => {
  const docs = interfaceDocs(fileOf(store.names.construct), store.names.props);
  const rows = store.settings.filter((s) => s.prop);

  test('every documented prop but provider has a row, and every row\'s prop is documented', () => {
    expect([...docs.keys()].filter((p) => p !== 'provider').sort()).toEqual([...new Set(rows.map((s) => s.prop!.name))].sort());
  });

  test.each(rows.map((s) => [s.id, s] as const))('%s: documented as the table says', (_id, s) => {
    const doc = docs.get(s.prop!.name)!;
    expect(doc.text.trim().length).toBeGreaterThan(10);
    expect(doc.optional).toBe(!s.prop!.required);
    if (s.prop!.required) return expect(doc.tags.default).toBeUndefined();
    if (s.default === undefined) return expect(doc.tags.default).toMatch(/^- \S/s);
    // A literal default is written as the table holds it; one that depends on other props says so after it.
    return expect(doc.tags.default.startsWith(JSON.stringify(s.default))).toBe(true);
  });
});

describe('defineStateStore checks a table when it loads', () => {
  const base = { ...GCS_STATE_BUCKET, rules: [] };
  test('a row of a resource the construct does not make', () => {
    expect(() => defineStateStore({ ...base, settings: [{ ...GCS_STATE_BUCKET.settings[0], resource: 'nope' }] }, STATE_STORE_RULES))
      .toThrow('gcs-bucket: setting gcs-bucket/name belongs to nope, which is not a resource of the construct');
  });

  test('a row id under another table\'s name', () => {
    expect(() => defineStateStore({ ...base, settings: [{ ...GCS_STATE_BUCKET.settings[0], id: 'oss-bucket/name' }] }, STATE_STORE_RULES))
      .toThrow('gcs-bucket: rule id oss-bucket/name must start with "gcs-bucket/"');
  });

  test('a required prop with a default', () => {
    expect(() => defineStateStore({ ...base, settings: [{ ...GCS_STATE_BUCKET.settings[0], default: 'x' }] }, STATE_STORE_RULES))
      .toThrow('gcs-bucket: setting gcs-bucket/name is required and has a default');
  });

  test('a prop with two types', () => {
    const [name] = GCS_STATE_BUCKET.settings;
    expect(() => defineStateStore({ ...base, settings: [name, { ...name, id: 'gcs-bucket/again', prop: { ...name.prop!, type: 'number' } }] }, STATE_STORE_RULES))
      .toThrow('gcs-bucket: name has two types (gcs-bucket/name, gcs-bucket/again)');
  });

  test('a name field the backend does not have', () => {
    expect(() => defineStateStore({ ...base, nameFields: [{ backendField: 'buckets', prop: 'name' }] }, STATE_STORE_RULES))
      .toThrow('gcs-bucket: buckets is not a field of the gcs backend');
  });

  test('a setting and a rule of one id', () => {
    const rule = { ...GCS_STATE_BUCKET.rules[0], id: 'gcs-bucket/name' };
    expect(() => defineStateStore({ ...base, rules: [rule] }, STATE_STORE_RULES)).toThrow('gcs-bucket: gcs-bucket/name names a setting and a rule');
  });
});

describe('the providers the state stores use, and the rows the tests build them from', () => {
  // (a row's name, namespace and version are read from the provider's spec: test/support/provider-rows.ts)
  test.each(STATE_STORES.map((s) => [s.names.construct, s] as const))('%s: its provider has a row, which lists every resource type it makes', (_name, store) => {
    const row = PROVIDER_ROWS.find((r) => `${r.namespace}/${r.name}` === store.provider.source);
    expect(row?.version).toBe(store.provider.read);
    expect(row?.resources).toEqual(expect.arrayContaining(Object.values(store.resources).map((r) => r.type)));
  });
});
