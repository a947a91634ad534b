/**
 * scripts/providers.txt is the view of the provider rows (test/support/provider-rows.ts) that
 * scripts/providers.sh reads: this fails when it is stale, and holds the view to the rows line by line.
 */
import * as fs from 'fs';
import { PROVIDERS_LIST } from '../../scripts/fields-doc';
import { PROVIDER_ROWS, providersList } from '../support/provider-rows';

describe('scripts/providers.txt', () => {
  const text = fs.readFileSync(PROVIDERS_LIST, 'utf8');

  test('is what the provider rows render (run `npx projen docs:fields` after changing a row)', () => {
    expect(text).toBe(providersList());
  });

  test('has one line per row, in order, naming its provider, version, source and resource types', () => {
    // GIVEN the lines without comments, as scripts/providers.sh takes them
    const lines = text.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean).map((l) => l.split(/\s+/));
    // THEN each line is a row: name, namespace, version, from, and the keys of its source
    expect(lines.map(([name, namespace, version, from]) => [name, namespace, version, from]))
      .toEqual(PROVIDER_ROWS.map((r) => [r.name, r.namespace, r.version, r.build.from]));
    lines.forEach((words, i) => {
      const keys = Object.fromEntries(words.slice(4).map((w) => w.split('=')));
      const build = PROVIDER_ROWS[i].build;
      expect(keys).toEqual({
        ...(build.from === 'archive' ? { archive: build.archive, sha256: build.sha256 } : { module: build.module, version: build.version }),
        resources: PROVIDER_ROWS[i].resources.join(','),
        ...(PROVIDER_ROWS[i].doesNotBuild ? { builds: 'no' } : {}),
      });
    });
  });
});
