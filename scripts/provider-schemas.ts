/**
 * Writes test/support/provider-schemas/<name>.json, the schemas of the resource types of each row
 * of test/support/provider-rows.ts: for a provider that builds, from its binary (`npx projen
 * providers` first; `terraform providers schema -json` with the terraform judge on PATH, offline,
 * from the mirror); for one that does not build here, read from its source archive by
 * test/support/schema-from-source. A row whose binary or archive is not on this machine is left as
 * it is, and said. test/repo/provider-schemas.test.ts (the archives) and
 * test/judges/provider-schemas.test.ts (the binaries) fail when a committed file is not what its
 * origin gives.
 *
 *   npx projen providers:schemas
 */
import * as fs from 'fs';
import * as path from 'path';
import { JUDGE_ROWS } from '../test/support/judge-rows';
import { listedBinary } from '../test/support/judges';
import { PROVIDER_ROWS } from '../test/support/provider-rows';
import { ResourceSchema, schemaFile, schemasFromBinary, schemasFromSource, schemasText } from '../test/support/provider-schemas';
import { builtProvider } from '../test/support/providers';

const terraform = JUDGE_ROWS.find((r) => r.build.from === 'path')!;
for (const row of PROVIDER_ROWS) {
  let schemas: Record<string, ResourceSchema> | undefined;
  if (row.doesNotBuild) schemas = schemasFromSource(row);
  else if (builtProvider(row.name)) schemas = schemasFromBinary(row, { binary: listedBinary(terraform), name: 'terraform' });
  const file = path.relative(process.cwd(), schemaFile(row.name));
  if (!schemas) {
    console.log(`left ${file}: ${row.doesNotBuild ? 'the source archive is not here' : `${row.name} is not built (npx projen providers)`}`);
    continue;
  }
  fs.mkdirSync(path.dirname(schemaFile(row.name)), { recursive: true });
  fs.writeFileSync(schemaFile(row.name), schemasText(schemas));
  console.log(`wrote ${file} (${row.doesNotBuild ? 'read from the source archive' : 'from the binary'})`);
}
