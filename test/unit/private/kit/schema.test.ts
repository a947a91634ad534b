/**
 * The field tables drive the docs: every row has a documented prop in the config interface, with
 * the env vars the tools read, a `@default` when optional, and a secret note when it is a secret.
 * And every documented prop has a row.
 */
import * as fs from 'fs';
import { FIELDS_DOC, renderFieldsDoc } from '../../../../scripts/fields-doc';
import { FieldSpec, availabilityProblem, envVarsOf, isAvailable, spellingsOf } from '../../../../src/private/kit/schema';
import { STORES } from '../../../../src/private/stores';
import { FIRST_RELEASE, ToolName } from '../../../../src/private/target/target';
import { PropDoc, interfaceDocs } from '../../../support/tsdoc';

interface DocumentedStruct {
  readonly file: string;
  readonly iface: string;
  readonly fields: readonly FieldSpec[];
}

// Each store's config struct and the structs of its blocks, in its public file `<backend>-backend.ts`.
const STRUCTS: Array<[string, DocumentedStruct]> = STORES.flatMap((store) => {
  const file = `${store.backend}-backend.ts`;
  return [
    [store.names.config, { file, iface: store.names.config, fields: store.fields }] as [string, DocumentedStruct],
    ...store.fields.filter((f) => f.struct).map((f) => [f.struct!, { file, iface: f.struct!, fields: f.fields! }] as [string, DocumentedStruct]),
  ];
});

const rows = STRUCTS.flatMap(([iface, s]) =>
  s.fields.flatMap((f) => spellingsOf(f).map((spelling) => [`${iface}.${spelling}`, s, f, spelling] as const)),
);

describe('field tables and TSDoc agree', () => {
  test.each(STRUCTS)('%s: every documented prop has a row in the field table', (_name, s) => {
    const inTable = new Set(s.fields.flatMap(spellingsOf));
    expect([...interfaceDocs(s.file, s.iface).keys()].filter((p) => !inTable.has(p))).toEqual([]);
  });

  test.each(rows)('%s is documented as the table says', (_name, s, field, spelling) => {
    const doc: PropDoc | undefined = interfaceDocs(s.file, s.iface).get(spelling);
    expect(doc).toBeDefined();
    const all = `${doc!.text}\n${Object.values(doc!.tags).join('\n')}`;
    // what it is
    expect(doc!.text.trim().length).toBeGreaterThan(10);
    // required fields have no default; optional ones say what happens when unset
    expect(doc!.optional).toBe(!field.required);
    if (field.required) {
      expect(doc!.tags.default).toBeUndefined();
    } else {
      expect(doc!.tags.default).toMatch(/^(- \S.*|true|false|"[^"]*"|\d+)$/s);
    }
    // the env vars the tools read when it is unset
    for (const env of envVarsOf(field)) expect(all).toContain(`\`${env}\``);
    // secrets say they land in the generated file
    expect(/Secret\b/.test(doc!.text)).toBe(!!field.secret);
    // a field the tools deprecate is @deprecated in the API
    if (field.deprecated?.terraform && field.deprecated?.opentofu) expect(doc!.tags.deprecated).toBeDefined();
  });
});

// What the run-time judges store and send with these fields unset (test/runtime/cos.test.ts cos-round-trip,
// oss.test.ts oss-round-trip): COS has no prefix default (the state is at the bucket's root), OSS has "env:".
test('the COS and OSS defaults are documented as the tools apply them', () => {
  const cos = interfaceDocs('cos-backend.ts', 'CosBackendConfig');
  expect(cos.get('prefix')!.tags.default).toMatch(/^- no prefix: the state is `<key>` at the bucket's root and a named workspace's\s+`<workspace>\/<key>`/);
  expect(cos.get('key')!.tags.default).toBe('"terraform.tfstate"');
  expect(cos.get('encrypt')!.tags.default).toBe('true');
  expect(cos.get('acl')!.tags.default).toBe('"private"');
  const oss = interfaceDocs('oss-backend.ts', 'OssBackendConfig');
  expect(oss.get('prefix')!.tags.default).toBe('"env:"');
  expect(oss.get('key')!.tags.default).toBe('"terraform.tfstate"');
});

describe('docs/FIELDS.md', () => {
  test('is what the field tables render (run `npx projen docs:fields` after changing a table)', () => {
    expect(fs.readFileSync(FIELDS_DOC, 'utf8')).toBe(renderFieldsDoc());
  });
});

describe('isAvailable', () => {
  test('says a field is available exactly where availabilityProblem finds no problem', () => {
    // GIVEN every field of every store, at each tool's first release, the releases where fields arrive or leave, and far ahead
    const edges = (tool: ToolName) => STORES.flatMap((s) => s.fields.flatMap((f) => [f.since[tool], f.removedIn?.[tool]]))
      .filter((v): v is string => v !== undefined && v !== '0.0.0');
    const versions = (tool: ToolName) => [...new Set([FIRST_RELEASE[tool], '99.0.0', ...edges(tool).flatMap((v) => [v, v.replace(/\.\d+$/, '.0')])])];
    const differs: string[] = [];
    for (const store of STORES) {
      for (const field of store.fields) {
        for (const tool of ['terraform', 'opentofu'] as const) {
          for (const version of versions(tool)) {
            const target = { tool, version };
            if (isAvailable(field, target) !== (availabilityProblem(field, target) === undefined)) differs.push(`${store.backend}.${field.name} ${tool}@${version}`);
          }
        }
      }
    }
    // THEN the two agree everywhere
    expect(differs).toEqual([]);
  });
});
