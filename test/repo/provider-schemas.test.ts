/**
 * test/support/provider-schemas/ holds the schemas of the state stores' resource types, which the
 * unit tests hold emitted resources to without a binary: each file is what its origin gives, where
 * the origin is on this machine. For a provider that does not build here, its source archive read by
 * test/support/schema-from-source; the built providers' side (the binary's schemas, and the source
 * reader giving what the binaries give) is test/judges/provider-schemas.test.ts, in the tier that
 * waits for the providers' builds. `npx projen providers:schemas` rewrites the files.
 */
import * as fs from 'fs';
import { PROVIDER_ROWS, ProviderRow } from '../support/provider-rows';
import { ResourceSchema, schemaFile, schemasFromSource, sourceArchive } from '../support/provider-schemas';

const committed = (row: ProviderRow) => JSON.parse(fs.readFileSync(schemaFile(row.name), 'utf8')) as Record<string, ResourceSchema>;
const fromSource = PROVIDER_ROWS.filter((r) => r.doesNotBuild);
const archiveHere = (row: ProviderRow) => !!sourceArchive(row) && fs.existsSync(sourceArchive(row)!);

test.each(PROVIDER_ROWS.map((r) => [r.name, r] as const))('the committed schemas of %s are those of its row\'s resource types, each with a block', (_n, row) => {
  const schemas = committed(row);
  expect(Object.keys(schemas).sort()).toEqual([...row.resources].sort());
  for (const type of row.resources) expect(schemas[type].block.attributes).toBeDefined();
});

describe.each(fromSource.map((r) => [r.name, r] as const))('%s (does not build here)', (_n, row) => {
  (archiveHere(row) ? test : test.skip)('the committed schemas are those read from its source archive', () => {
    expect(committed(row)).toEqual(schemasFromSource(row));
  });
});
