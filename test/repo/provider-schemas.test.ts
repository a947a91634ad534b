/**
 * test/support/provider-schemas/ holds the schemas of the state stores' resource types, which the
 * unit tests hold emitted resources to without a binary: each file is what its origin gives, where
 * the origin is on this machine (the built provider; for one that does not build here, its source
 * archive read by test/support/schema-from-source), and the source reader gives what the binaries
 * give. `npx projen providers:schemas` rewrites the files.
 */
import * as fs from 'fs';
import { JUDGE_ROWS } from '../support/judge-rows';
import { listedBinary } from '../support/judges';
import { PROVIDER_ROWS, ProviderRow } from '../support/provider-rows';
import { ResourceSchema, schemaFile, schemasFromBinary, schemasFromSource, sourceArchive } from '../support/provider-schemas';
import { builtProvider } from '../support/providers';

const terraform = { binary: listedBinary(JUDGE_ROWS.find((r) => r.build.from === 'path')!), name: 'terraform' };
const committed = (row: ProviderRow) => JSON.parse(fs.readFileSync(schemaFile(row.name), 'utf8')) as Record<string, ResourceSchema>;
const built = PROVIDER_ROWS.filter((r) => !r.doesNotBuild);
const fromSource = PROVIDER_ROWS.filter((r) => r.doesNotBuild);
const archiveHere = (row: ProviderRow) => !!sourceArchive(row) && fs.existsSync(sourceArchive(row)!);
const fromBinary = new Map<string, Record<string, ResourceSchema>>();
/** The binary's schemas of the row's resource types, asked once. */
const binarySchemas = (row: ProviderRow) => fromBinary.get(row.name) ?? fromBinary.set(row.name, schemasFromBinary(row, terraform)).get(row.name)!;

/** A schema without its descriptions (the reader leaves out those that are not string literals). */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'description').map(([k, x]) => [k, shape(x)]));
  return v;
}

test.each(PROVIDER_ROWS.map((r) => [r.name, r] as const))('the committed schemas of %s are those of its row\'s resource types, each with a block', (_n, row) => {
  const schemas = committed(row);
  expect(Object.keys(schemas).sort()).toEqual([...row.resources].sort());
  for (const type of row.resources) expect(schemas[type].block.attributes).toBeDefined();
});

describe.each(built.map((r) => [r.name, r] as const))('%s (built)', (name, row) => {
  const binary = builtProvider(name);
  (binary ? test : test.skip)('the committed schemas are the binary\'s', () => {
    expect(committed(row)).toEqual(binarySchemas(row));
  });
});

describe.each(fromSource.map((r) => [r.name, r] as const))('%s (does not build here)', (_n, row) => {
  (archiveHere(row) ? test : test.skip)('the committed schemas are those read from its source archive', () => {
    expect(committed(row)).toEqual(schemasFromSource(row));
  });
});

// The reader is held to a provider that builds from an archive: what it reads from the source is
// what the binary gives, descriptions aside.
describe.each(built.filter((r) => r.build.from === 'archive').map((r) => [r.name, r] as const))('the source reader on %s', (name, row) => {
  (archiveHere(row) && builtProvider(name) ? test : test.skip)('gives the binary\'s schemas, descriptions aside', () => {
    expect(shape(schemasFromSource(row))).toEqual(shape(binarySchemas(row)));
  });
});
