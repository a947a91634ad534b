/**
 * The real providers judge what the state store constructs emit: every judge validates, with the
 * provider built from its source (test/support/providers.ts), each construct's resources as it
 * writes them (its defaults, every prop set, an adoption's import blocks), in JSON and in HCL; and
 * for each error rule of a construct the provider's `validate` backs (`offline.validate`), the
 * resource as the rule would refuse it, written by hand, which every judge must refuse. A provider
 * that does not build here (test/support/provider-rows.ts `doesNotBuild`) has no verdicts: its
 * resources are held to the schema read from its source instead, and docs/FIELDS.md says so.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { TerraformStack, Testing } from 'cdktf';
import { STATE_STORES } from '../../src/private/state-stores';
import { STATE_STORE_RULES } from '../../src/private/state-stores/rules';
import { JUDGE_ROWS } from '../support/judge-rows';
import { describeEachJudge, judgeEnv, requireJudges, ruleJudges, runJudge } from '../support/judges';
import { PROVIDER_ROWS } from '../support/provider-rows';
import { ProviderVerdict, builtProvider, providersCliConfig, validateStacks } from '../support/providers';
import { EVERY_PROP, STATE_STORES_UNDER_TEST, StateStoreUnderTest, storeRefusal } from '../support/state-stores';
import { appFor } from '../support/stores';

/** Writes one stack's synthesized configuration (JSON, or HCL) to a directory of its own. */
function stackDir(label: string, stack: TerraformStack, hcl: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `store-${label}-`));
  fs.writeFileSync(path.join(dir, hcl ? 'main.tf' : 'cdk.tf.json'), hcl ? Testing.synthHcl(stack) : Testing.synth(stack));
  return dir;
}

/** A stack holding one construct per set of props (`state`, `state2`, ...). */
function made(sut: StateStoreUnderTest, ...props: Array<Record<string, unknown>>): TerraformStack {
  const stack = new TerraformStack(appFor(), 'bootstrap');
  props.forEach((p, i) => sut.make(stack, i === 0 ? 'state' : `state${i + 1}`, { ...sut.required, ...p }));
  return stack;
}

/** The verdicts of every judge on `stacks`, each stack judged by every judge where the provider is built. */
function judged(sut: StateStoreUnderTest, stacks: readonly string[]): ProviderVerdict[] {
  const verdicts = validateStacks(sut.store.provider.name, stacks);
  if (builtProvider(sut.store.provider.name)) expect(verdicts).toHaveLength(requireJudges().length * stacks.length);
  return verdicts;
}

/** A stack's JSON as the construct writes it, changed by `edit` (a resource as a rule would refuse it, by hand). */
function edited(sut: StateStoreUnderTest, edit: (resources: Record<string, any>) => void): string {
  const json = JSON.parse(Testing.synth(made(sut, {})));
  edit(json.resource);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-refused-'));
  fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(json));
  return dir;
}

/** The one resource of `type` in a stack's `resource` block. */
const one = (resources: Record<string, any>, type: string): Record<string, any> => Object.values(resources[type])[0] as Record<string, any>;

/**
 * The error rules the provider's validate backs, each as the resource the rule refuses (written by
 * hand) and what the judges' diagnostic says.
 */
const REFUSED: Record<string, { construct: string; edit: (r: Record<string, any>) => void; says: RegExp }> = {
  'gcs-bucket/label-key': { construct: 'GcsStateBucket', edit: (r) => { one(r, 'google_storage_bucket').labels = { Team: 'platform' }; }, says: /"Team" is an invalid label key/ },
  'azurerm-container/account-name': { construct: 'AzurermStateContainer', edit: (r) => { one(r, 'azurerm_storage_account').name = 'AcmeState'; }, says: /lowercase letters and numbers/ },
  'azurerm-container/container-name': { construct: 'AzurermStateContainer', edit: (r) => { one(r, 'azurerm_storage_container').name = '-state'; }, says: /cannot begin with a hyphen/ },
  'azurerm-container/replication-type': {
    construct: 'AzurermStateContainer', edit: (r) => { one(r, 'azurerm_storage_account').account_replication_type = 'GRS2'; }, says: /account_replication_type/,
  },
  'azurerm-container/blob-soft-delete-days': {
    construct: 'AzurermStateContainer', edit: (r) => { one(r, 'azurerm_storage_account').blob_properties.delete_retention_policy.days = 366; }, says: /days/,
  },
  'azurerm-container/container-soft-delete-days': {
    construct: 'AzurermStateContainer', edit: (r) => { one(r, 'azurerm_storage_account').blob_properties.container_delete_retention_policy.days = -1; }, says: /days/,
  },
  'azurerm-container/noncurrent-days': {
    construct: 'AzurermStateContainer', edit: (r) => { one(r, 'azurerm_storage_management_policy').rule[0].actions.version.delete_after_days_since_creation = 100000; }, says: /delete_after_days_since_creation/,
  },
  'azurerm-container/customer-managed-key': {
    construct: 'AzurermStateContainer', edit: (r) => { one(r, 'azurerm_storage_account').customer_managed_key = { key_vault_key_id: 'https://acme-kv.vault.azure.net/keys/tfstate' }; }, says: /user_assigned_identity_id/,
  },
};

const builds = (sut: StateStoreUnderTest) => !PROVIDER_ROWS.find((r) => r.name === sut.store.provider.name)?.doesNotBuild;
const JUDGED = STATE_STORES_UNDER_TEST.filter(builds);

function messages(v: ProviderVerdict): string {
  return v.diagnostics.map((d) => `${d.summary}: ${d.detail ?? ''}`).join('\n');
}

describe.each(JUDGED.map((s) => [s.store.names.construct, s] as const))('%s, validated by the provider with every judge', (construct, sut) => {
  test('its defaults and every prop set, in JSON and HCL, are valid', () => {
    // (one construct with the defaults and one with every prop, in one stack: two stacks per judge)
    const stacks = [false, true].map((hcl) => stackDir(construct, made(sut, {}, EVERY_PROP[construct]), hcl));
    const verdicts = judged(sut, stacks);
    expect(verdicts.filter((v) => !v.valid).map((v) => `${v.judge.name} ${v.stack}:\n${messages(v)}`)).toEqual([]);
  });

  const rules = Object.entries(REFUSED).filter(([, c]) => c.construct === construct);
  test.each(rules)('%s: every judge refuses the resource the rule refuses', (_id, c) => {
    const verdicts = judged(sut, [edited(sut, c.edit)]);
    for (const v of verdicts) {
      expect(v.valid).toBe(false);
      expect(messages(v)).toMatch(c.says);
    }
  });
});

test('every error rule the provider\'s validate backs has its refused resource here, where the provider builds', () => {
  const backed = STATE_STORES.filter((s) => JUDGED.some((j) => j.store === s))
    .flatMap((s) => s.rules).filter((r) => r.severity === 'error' && r.offline && 'validate' in r.offline).map((r) => r.id);
  expect(Object.keys(REFUSED).sort()).toEqual(backed.sort());
});

/**
 * The shared rules no judge of the tables can show, each judged by the release before the one where
 * its verdict changes (a judge row limited to it, test/support/judge-rows.ts): every construct as a
 * user targeting a later release writes it, in JSON and in HCL, refused by that judge's `init` and
 * `validate`, and by the library at that judge's release. (Every judge of the tables accepts the same
 * resources: 'its defaults and every prop set' above sets each of them.)
 */
const REFUSED_BY_OLDER: Record<string, { props: Record<string, unknown>; json: readonly [string, string]; hcl: readonly [string, string] }> = {
  'state-store/import-target': {
    props: { adopt: true },
    // [summary, detail] of the diagnostic
    json: ['Extraneous JSON object property', 'No argument or block type is named "import".'],
    hcl: ['Unsupported block type', 'Blocks of type "import" are not expected here.'],
  },
};

describe.each(Object.entries(REFUSED_BY_OLDER))('%s, judged by the release before its tool has the block', (id, c) => {
  describeEachJudge('refuses what the rule refuses', ruleJudges(id), (judge) => {
    test.each(STATE_STORES_UNDER_TEST.map((s) => [s.store.names.construct, s] as const))('%s, in JSON and HCL', (_construct, sut) => {
      // GIVEN the construct's stack as the library writes it for the newest known release (every prop set, and the case's)
      const props = { ...EVERY_PROP[sut.store.names.construct], ...c.props };
      const dirs = [false, true].map((hcl) => stackDir(`older-${id.replace(/\W/g, '-')}`, made(sut, props), hcl));
      for (const [i, dir] of dirs.entries()) {
        // WHEN the judge initialises and validates it (offline, the providers' mirror only)
        const env = judgeEnv({ TF_CLI_CONFIG_FILE: providersCliConfig() });
        const init = runJudge(judge.binary, ['init', '-backend=false', '-input=false', '-no-color'], { cwd: dir, env });
        const validate = runJudge(judge.binary, ['validate', '-json'], { cwd: dir, env });
        // THEN both refuse it
        const [summary, detail] = i === 0 ? c.json : c.hcl;
        expect(init.status).not.toBe(0);
        expect(init.stderr.replace(/\s+/g, ' ')).toContain(`Error: ${summary}`);
        expect(init.stderr.replace(/\s+/g, ' ')).toContain(detail);
        const verdict = JSON.parse(validate.stdout);
        expect(verdict.valid).toBe(false);
        expect(verdict.diagnostics.map((d: { summary: string; detail: string }) => [d.summary, d.detail])).toContainEqual([summary, detail]);
      }
      // AND the library refuses the props at the judge's release, with the rule's id
      expect(storeRefusal(sut, props, judge.target)).toContain(`[${id}]`);
    });
  });
});

test('every rule a judge row is limited to has its case here, and is a shared rule of the state stores', () => {
  const limited = [...new Set(JUDGE_ROWS.flatMap((r) => r.rules ?? []))];
  expect(limited.sort()).toEqual(Object.keys(REFUSED_BY_OLDER).sort());
  expect(limited.filter((id) => !STATE_STORE_RULES.some((r) => r.id === id))).toEqual([]);
});
