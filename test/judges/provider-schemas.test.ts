/**
 * The built providers' side of test/support/provider-schemas/ (the committed schemas of the state
 * stores' resource types; test/repo/provider-schemas.test.ts holds the rest): for each provider that
 * builds here, the committed file is what its binary gives, and the source reader (which gives the
 * schemas of the providers that do not build) reads from an archive-built provider's source what its
 * binary gives. In the judges tier, which waits for the providers' builds (in the repo tier a cold
 * run met them still building, and under CI a missing provider fails). `npx projen providers:schemas`
 * rewrites the files.
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

describe.each(built.map((r) => [r.name, r] as const))('%s (built)', (name, row) => {
  const binary = builtProvider(name);
  (binary ? test : test.skip)('the committed schemas are the binary\'s', () => {
    expect(committed(row)).toEqual(binarySchemas(row));
  });
});

// The reader is held to a provider that builds from an archive: what it reads from the source is
// what the binary gives, descriptions aside.
describe.each(built.filter((r) => r.build.from === 'archive').map((r) => [r.name, r] as const))('the source reader on %s', (name, row) => {
  (archiveHere(row) && builtProvider(name) ? test : test.skip)('gives the binary\'s schemas, descriptions aside', () => {
    expect(shape(schemasFromSource(row))).toEqual(shape(binarySchemas(row)));
  });
});
