/**
 * The providers that create the state stores, built by scripts/providers.sh, judge the store
 * resources with every judge (test/support/providers.ts): per provider, a stack holding a minimal
 * resource of each store kind is accepted, and the same stack with a wrong argument in each
 * resource is refused for exactly those arguments. This shows `validateStacks` reaches the
 * provider's schema offline, from the mirror, with every judge, so the state stores' constructs can
 * be judged by it.
 *
 * The committed schemas (test/support/provider-schemas.ts) give the same verdicts through
 * `schemaViolations`, which the unit tests use without a binary: for a provider that builds, that
 * holds the checker to the judges; for one that does not build here (alicloud, tencentcloud), the
 * schema read from its source is all that checks its resources, and nothing here judges them.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { requireJudges } from '../support/judges';
import { providerRow } from '../support/provider-rows';
import { schemaViolations } from '../support/provider-schemas';
import { ProviderVerdict, builtProvider, validateStacks } from '../support/providers';

interface StoreCase {
  readonly provider: string;
  /** The provider block (AzureRM requires `features`). */
  readonly config?: Record<string, unknown>;
  /** Type -> name -> a minimal resource of the store kind. */
  readonly accepted: Record<string, Record<string, Record<string, unknown>>>;
  /** Per resource type, an argument its schema does not have, as a user might write it. */
  readonly wrong: Record<string, readonly [string, unknown]>;
}

const CASES: readonly StoreCase[] = [
  {
    provider: 'google',
    accepted: { google_storage_bucket: { state: { name: 'tfstate-example-0001', location: 'EU' } } },
    wrong: { google_storage_bucket: ['versioning_enabled', true] },
  },
  {
    provider: 'alicloud',
    accepted: {
      alicloud_oss_bucket: { state: { bucket: 'tfstate-example-0001' } },
      alicloud_ots_table: {
        lock: { instance_name: 'tfstate', table_name: 'locks', primary_key: [{ name: 'LockID', type: 'String' }], time_to_live: -1, max_version: 1 },
      },
    },
    wrong: { alicloud_oss_bucket: ['versioning_status', 'Enabled'], alicloud_ots_table: ['primary_keys', 'LockID'] },
  },
  {
    provider: 'tencentcloud',
    accepted: { tencentcloud_cos_bucket: { state: { bucket: 'tfstate-1250000000' } } },
    wrong: { tencentcloud_cos_bucket: ['versioning', true] },
  },
  {
    provider: 'azurerm',
    config: { features: [{}] },
    accepted: {
      azurerm_storage_account: {
        state: { name: 'tfstateexample0001', resource_group_name: 'tfstate', location: 'westeurope', account_tier: 'Standard', account_replication_type: 'LRS' },
      },
      // The account's id as a literal, not a reference: validate skips what depends on a resource it refused.
      azurerm_storage_container: {
        state: { name: 'tfstate', storage_account_id: '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/tfstate/providers/Microsoft.Storage/storageAccounts/tfstateexample0001' },
      },
    },
    // storage_account_name: the argument AzureRM 5 removed in favour of storage_account_id.
    wrong: { azurerm_storage_account: ['https_only', true], azurerm_storage_container: ['storage_account_name', 'tfstateexample0001'] },
  },
];

/** A synthesized stack's directory: cdk.tf.json as cdktf writes it. */
function stackDir(c: StoreCase, resources: StoreCase['accepted']): string {
  const row = providerRow(c.provider);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `stack-${c.provider}-`));
  fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify({
    terraform: { required_providers: { [row.name]: { source: `${row.namespace}/${row.name}`, version: row.version } } },
    provider: { [row.name]: [c.config ?? {}] },
    resource: resources,
  }, null, 1));
  return dir;
}

/** The accepted resources with each type's wrong argument added. */
function withWrongArguments(c: StoreCase): StoreCase['accepted'] {
  return Object.fromEntries(Object.entries(c.accepted).map(([type, byName]) => [type, Object.fromEntries(
    Object.entries(byName).map(([name, body]) => [name, { ...body, [c.wrong[type][0]]: c.wrong[type][1] }]))]));
}

/**
 * The argument each error names, as `<argument>: unsupported argument` (in JSON the tools say
 * 'No argument or block type is named "versioning_enabled"'), else the error's text.
 */
function refusals(v: ProviderVerdict): string[] {
  return v.diagnostics.filter((d) => d.severity === 'error').map((d) => {
    const named = /No argument or block type is named "([^"]+)"|An argument named "([^"]+)" is not expected/.exec(d.detail ?? '');
    return named ? `${named[1] ?? named[2]}: unsupported argument` : `${d.summary}: ${d.detail}`;
  }).sort();
}

/** What each stack's wrong arguments are refused as. */
const expectedRefusals = (c: StoreCase) => Object.values(c.wrong).map(([arg]) => `${arg}: unsupported argument`).sort();

/** The schema's verdicts on every resource of a stack's resources. */
function violations(resources: StoreCase['accepted']): string[] {
  return Object.entries(resources).flatMap(([type, byName]) => Object.values(byName).flatMap((body) => schemaViolations(type, body))).sort();
}

describe.each(CASES.map((c) => [c.provider, providerRow(c.provider).doesNotBuild ? 'read from its source, not judged' : 'read from the binary', c] as const))(
  'the committed schema of %s (%s)', (_name, _origin, c) => {
    test('accepts a minimal resource of each store kind', () => {
      expect(violations(c.accepted)).toEqual([]);
    });

    test('refuses each resource\'s wrong argument, and only those', () => {
      expect(violations(withWrongArguments(c))).toEqual(expectedRefusals(c));
    });
  });

const judges = requireJudges();

describe.each(CASES.filter((c) => !providerRow(c.provider).doesNotBuild).map((c) => [c.provider, c] as const))('provider %s', (name, c) => {
  if (judges.length === 0 || !builtProvider(name)) {
    test.todo(`build ${name} (npx projen providers) and the judges (npx projen judges) to validate its store resources`);
    return;
  }
  const accepted = stackDir(c, c.accepted);
  const refused = stackDir(c, withWrongArguments(c));
  let verdicts: ProviderVerdict[] = [];
  beforeAll(() => {
    verdicts = validateStacks(name, [accepted, refused], judges);
  }, 15 * 60_000);

  test.each(judges.map((j) => [j.name, j] as const))('%s accepts a minimal resource of each store kind', (_n, judge) => {
    const v = verdicts.find((x) => x.judge === judge && x.stack === accepted)!;
    expect([v.valid, v.diagnostics.filter((d) => d.severity === 'error')]).toEqual([true, []]);
  });

  test.each(judges.map((j) => [j.name, j] as const))('%s refuses each resource\'s wrong argument, and only those', (_n, judge) => {
    const v = verdicts.find((x) => x.judge === judge && x.stack === refused)!;
    expect(v.valid).toBe(false);
    expect(refusals(v)).toEqual(expectedRefusals(c));
  });
});

describe('the mirror', () => {
  const judge = judges.find((j) => j.row.build.from === 'path');
  (judge && builtProvider('google') ? test : test.skip)('is the only source: init of a stack that needs a provider it lacks fails', () => {
    // GIVEN a stack that needs the Google provider, which the mirror has, and hashicorp/null, which it lacks
    const c = CASES.find((x) => x.provider === 'google')!;
    const dir = stackDir(c, c.accepted);
    const doc = JSON.parse(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8'));
    doc.terraform.required_providers.null = { source: 'hashicorp/null' };
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(doc));

    // THEN init looks for hashicorp/null in the mirror alone, and fails: no registry is asked
    expect(() => validateStacks('google', [dir], [judge!])).toThrow(/hashicorp\/null was not found[\s│]+in any of the search locations[\s│]+- \S+\/providers\/mirror\s/);
  });
});
