/**
 * The real tools are the judges: terraform on PATH and each OpenTofu judge (see support/judges.ts).
 * For each judge, every field of every store, in every spelling, is synthesized for that judge's
 * own tool and version and checked with its `validate`:
 * - remote states as synthesized;
 * - backends with the block's attributes moved into a remote-state config (a nested block as a
 *   one-element list), since `config` is checked offline against the same schema;
 * - the HCL output, parsed by a real HCL parser (@cdktf/hcl2json) and fed in unchanged.
 * A field the library refuses for that version is written into a remote-state config by hand, and
 * the judge must refuse it too. Both verdicts are held against the availability columns of
 * docs/FIELDS.md.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as cdktf from 'cdktf';
import { TerraformStack } from 'cdktf';
import { FieldSpec, isAvailable, keyFor } from '../../src/private/kit/schema';
import { ParsedTarget, ToolName, compareVersions } from '../../src/private/target/target';
import { expectedValue, parseHclBackend, parseHclRemoteStates } from '../support/field-output';
import { Diagnostic, ValidateResult, backendToRemoteConfig, describeEachJudge, remoteStatesDocument, requireJudges, validate } from '../support/judges';
import { FieldCase, STORES, appFor, fieldCases, propsFor, sampleOf, synthJson } from '../support/stores';

/** Both tools, in the order the library knows them. */
const TOOLS: readonly ToolName[] = ['terraform', 'opentofu'];

const JUDGES = requireJudges();

type Mode = 'json_backend' | 'json_remote' | 'hcl_backend' | 'hcl_remote';
const MODES: Mode[] = ['json_backend', 'json_remote', 'hcl_backend', 'hcl_remote'];

describeEachJudge('accepts what we generate', JUDGES, (judge) => {
  const target: ParsedTarget = judge.target;
  const accepts = (c: FieldCase) => isAvailable(c.field, target) && (!c.block || isAvailable(c.block, target));
  const checkable = fieldCases().filter(accepts);
  const refused = fieldCases().filter((c) => !accepts(c));
  // The Microsoft Graph toggle is dropped with a warning rather than refused; azurerm tests cover it.
  const unavailable = refused.filter((c) => !c.field.impliedWhereAbsent);
  // A field the tools spell differently: this judge must refuse the other tool's key.
  const otherKeys = fieldCases().filter((c) => accepts(c) && otherKeyOf(c.field, judge.tool) !== undefined);
  let result: ValidateResult;
  const entries: Record<string, { backend: string; config: unknown }> = {};
  /** Addresses written by hand, with the key the judge must call unsupported. */
  const byHand: Record<string, string> = {};
  for (const c of refused) byHand[`${c.label}__by_hand`] = anyKeyOf(c.field, judge.tool);
  for (const c of otherKeys) byHand[`${c.label}__other_key`] = otherKeyOf(c.field, judge.tool)!;

  beforeAll(async () => {
    for (const c of checkable) {
      const app = appFor(target);
      const producer = new TerraformStack(app, 'producer');
      c.sut.backend(producer, propsFor(c));
      const consumer = new TerraformStack(app, 'consumer');
      c.sut.remoteState(consumer, 'rs', propsFor(c));
      const backend = c.sut.store.backend;
      entries[`${c.label}__json_backend`] = { backend, config: backendToRemoteConfig(synthJson(producer).terraform.backend[backend]) };
      entries[`${c.label}__json_remote`] = { backend, config: synthJson(consumer).data.terraform_remote_state.rs.config };
      // hcl2json gives a block as a list and an attribute as a value: exactly the config form.
      entries[`${c.label}__hcl_backend`] = { backend, config: await parseHclBackend(producer, backend) };
      entries[`${c.label}__hcl_remote`] = { backend, config: (await parseHclRemoteStates(consumer)).rs.config };
    }
    for (const c of refused) {
      entries[`${c.label}__by_hand`] = { backend: c.sut.store.backend, config: byHandConfig(c, target, byHand[`${c.label}__by_hand`]) };
    }
    for (const c of otherKeys) {
      entries[`${c.label}__other_key`] = { backend: c.sut.store.backend, config: byHandConfig(c, target, byHand[`${c.label}__other_key`]) };
    }
    result = validate(judge, { 'main.tf.json': remoteStatesDocument(entries) });
    const generated = Object.keys(entries).length - Object.keys(byHand).length;
    // eslint-disable-next-line no-console
    console.log(
      `${judge.name}: ${generated} field configurations checked (${checkable.length} fields and spellings x ${MODES.length} forms), ` +
        `${Object.keys(byHand).length} written by hand for fields or keys it lacks; ` +
        `${errorsOf(result.diagnostics.filter((d) => !isByHand(d))).length} errors on generated ones, ` +
        `${result.diagnostics.filter((d) => d.severity === 'warning').length} warnings ` +
        `(${[...new Set(result.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.summary))].join('; ')})`,
    );
  });

  const diagnosticsFor = (address: string): Diagnostic[] =>
    result.diagnostics.filter((d) => d.address === `data.terraform_remote_state.${address}`);
  const isByHand = (d: Diagnostic) => Object.keys(byHand).some((a) => d.address === `data.terraform_remote_state.${a}`);

  test('every generated configuration is valid', () => {
    expect(errorsOf(result.diagnostics.filter((d) => !isByHand(d)))).toEqual([]);
    expect(Object.keys(entries).length - Object.keys(byHand).length).toBe(checkable.length * MODES.length);
  });

  test.each(checkable.flatMap((c) => MODES.map((m) => [`${c.label} (${m})`, `${c.label}__${m}`] as const)))(
    `${judge.tool} accepts %s`,
    (_name, address) => {
      expect(entries[address]).toBeDefined();
      expect(errorsOf(diagnosticsFor(address))).toEqual([]);
    },
  );

  // The tool warns only about fields our table marks deprecated for it, so our own warning covers it.
  // (The table deprecates more: the OSS assume_role block, which the tools stopped warning about.)
  test.each(checkable.flatMap((c) => MODES.map((m) => [`${c.label} (${m})`, c, `${c.label}__${m}`] as const)))(
    `a ${judge.tool} warning about %s matches a deprecation in the field table`,
    (_name, c, address) => {
      const warnings = diagnosticsFor(address).filter((d) => d.severity === 'warning');
      expect(warnings.length === 0 || !!c.field.deprecated?.[judge.tool]).toBe(true);
    },
  );

  test.each(unavailable.map((c) => [c.label, c] as const))(`refused at synth for ${judge.name}: %s`, (_label, c) => {
    const app = appFor(target);
    const stack = new TerraformStack(app, 'producer');
    const version = judge.version.replace(/\./g, '\\.');
    expect(() => c.sut.backend(stack, propsFor(c))).toThrow(new RegExp(`but ${judge.tool} (has no such setting|${version} (does not have it yet|no longer has it))`));
  });

  // The tools word it two ways: an HCL "Unsupported argument", or the backend's own schema check.
  test.each(Object.entries(byHand))(`${judge.tool} refuses %s, written by hand, as an unsupported argument`, (address, key) => {
    const errors = errorsOf(diagnosticsFor(address)).map((d) => `${d.summary}: ${d.detail}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(
      `^(Unsupported argument: An argument named "${key}" is not expected here|` +
        `Invalid backend configuration: The given configuration is not valid for backend "\\w+": (\\.\\w+\\[0\\]: )?unexpected attribute "${key}")`,
    ));
  });

  // The judge's verdict on each field and spelling (accepted as generated, or refused as written
  // by hand) is what docs/FIELDS.md says for this tool and version.
  test.each(fieldCases().map((c) => [c.label, c] as const))(`docs/FIELDS.md agrees with ${judge.name} on %s`, (_label, c) => {
    const addresses = accepts(c) ? MODES.map((m) => `${c.label}__${m}`) : [`${c.label}__by_hand`];
    const judged = addresses.every((a) => entries[a] !== undefined && errorsOf(diagnosticsFor(a)).length === 0);
    const row = fieldsDocRow(c);
    expect({ field: c.label, cell: row[judge.tool], available: judged })
      .toEqual({ field: c.label, cell: row[judge.tool], available: availableIn(row[judge.tool], judge.version) });
  });

  describe(`the harness can fail: ${judge.tool} rejects what cdktf got wrong`, () => {
    test(`cdktf GcsBackend emits storeage_custom_endpoint, which ${judge.tool} rejects`, () => {
      const stack = new TerraformStack(cdktf.Testing.app(), 'cdktf');
      new cdktf.GcsBackend(stack, { bucket: 'b', storeageCustomEndpoint: 'https://storage-acme.p.googleapis.com/storage/v1/b' });
      const attrs = synthJson(stack).terraform.backend.gcs;
      const r = validate(judge, { 'main.tf.json': remoteStatesDocument({ gcs: { backend: 'gcs', config: attrs } }) });
      expect(r.valid).toBe(false);
      expect(JSON.stringify(r.diagnostics)).toContain('storeage_custom_endpoint');
    });

    test(`cdktf DataTerraformRemoteStateCos emits assume_role as an object, which ${judge.tool} rejects`, () => {
      const stack = new TerraformStack(cdktf.Testing.app(), 'cdktf');
      new cdktf.DataTerraformRemoteStateCos(stack, 'rs', {
        bucket: 'tfstate-1250000000',
        region: 'ap-guangzhou',
        assumeRole: { roleArn: 'qcs::cam::uin/1:roleName/x', sessionName: 's', sessionDuration: 3600 },
      });
      const r = validate(judge, { 'main.tf.json': cdktf.Testing.synth(stack) });
      expect(r.valid).toBe(false);
      expect(JSON.stringify(r.diagnostics)).toContain('assume_role');
    });

    test(`cdktf DataTerraformRemoteStateAzurerm emits use_microsoft_graph, which ${judge.tool} rejects (terraform from 1.3)`, () => {
      const stack = new TerraformStack(cdktf.Testing.app(), 'cdktf');
      new cdktf.DataTerraformRemoteStateAzurerm(stack, 'rs', {
        storageAccountName: 'acct', containerName: 'c', key: 'k', useMicrosoftGraph: true,
      });
      const r = validate(judge, { 'main.tf.json': cdktf.Testing.synth(stack) });
      expect(r.valid).toBe(false);
      expect(JSON.stringify(r.diagnostics)).toContain('use_microsoft_graph');
    });
  });

  test.each(STORES.map((s) => [s.store.backend, s] as const))('%s: a realistic full config is accepted in all four forms', async (_name, sut) => {
    // GIVEN every field the judge's version accepts, minus those a rule keeps apart
    const props = fullConfig(sut.store.backend, target);
    const app = appFor(target);
    const producer = new TerraformStack(app, 'producer');
    sut.backend(producer, props);
    const consumer = new TerraformStack(app, 'consumer');
    sut.remoteState(consumer, 'rs', props);
    const name = sut.store.backend;
    const backendAttrs = synthJson(producer).terraform.backend[name];

    // WHEN the judge validates the four forms
    const r = validate(judge, {
      'main.tf.json': remoteStatesDocument({
        json_backend: { backend: name, config: backendToRemoteConfig(backendAttrs) },
        json_remote: { backend: name, config: synthJson(consumer).data.terraform_remote_state.rs.config },
        hcl_backend: { backend: name, config: await parseHclBackend(producer, name) },
        hcl_remote: { backend: name, config: (await parseHclRemoteStates(consumer)).rs.config },
      }),
    });

    // THEN all are accepted, and every field set is in the backend block
    expect(errorsOf(r.diagnostics)).toEqual([]);
    for (const field of sut.store.fields.filter((f) => props[f.name] !== undefined)) {
      expect(Object.values(backendAttrs)).toContainEqual(expectedValue(field, props[field.name], target));
    }
  });
});

describeEachJudge('decides required fields from the environment', JUDGES, (judge) => {
  test('cos: an assume-role block without sessionName is valid exactly when the run provides TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME (so field/required-from-env is a warning)', () => {
    // GIVEN a remote state the library synthesizes with a field/required-from-env warning
    const stack = new TerraformStack(appFor(judge.target), 'consumer');
    const cos = STORES.find((s) => s.store.backend === 'cos')!;
    cos.remoteState(stack, 'rs', { bucket: 'tfstate-1250000000', region: 'ap-guangzhou', assumeRole: { roleArn: 'qcs::cam::uin/1:roleName/x' } });
    const files = { 'main.tf.json': cdktf.Testing.synth(stack) };
    // WHEN the judge validates it without the env var, THEN it refuses it
    const without = validate(judge, files);
    expect(without.valid).toBe(false);
    expect(JSON.stringify(without.diagnostics)).toContain('attribute \\"session_name\\" is required');
    // AND WHEN the run's environment has it, THEN it accepts it
    expect(errorsOf(validate(judge, files, { TENCENTCLOUD_ASSUME_ROLE_SESSION_NAME: 'cdktf' }).diagnostics)).toEqual([]);
  });

  test('oss: an assume-role block without roleArn is valid without any env var (the tools assume no role then)', () => {
    // GIVEN the remote state the library synthesizes for `assumeRole: {}`, with its field/required-from-env warning
    const stack = new TerraformStack(appFor(judge.target), 'consumer');
    const oss = STORES.find((s) => s.store.backend === 'oss')!;
    oss.remoteState(stack, 'rs', { bucket: 'tfstate', assumeRole: {} });
    const synthesized = cdktf.Testing.synth(stack);
    expect(JSON.parse(synthesized).data.terraform_remote_state.rs.config.assume_role).toEqual([{}]);
    // WHEN the judge validates it in an environment without ALICLOUD_ASSUME_ROLE_ARN, THEN it accepts it
    expect(errorsOf(validate(judge, { 'main.tf.json': synthesized }).diagnostics)).toEqual([]);
  });
});

function errorsOf(ds: Diagnostic[]): Diagnostic[] {
  return ds.filter((d) => d.severity === 'error');
}

/** The key `tool` reads for the field, or, for a field it never had, the other tool's key. */
function anyKeyOf(field: FieldSpec, tool: ToolName): string {
  return keyFor(field, tool) ?? TOOLS.map((t) => keyFor(field, t)).find((k) => k !== undefined)!;
}

/** The other tool's key for a field the tools spell differently (both have it), if any. */
function otherKeyOf(field: FieldSpec, tool: ToolName): string | undefined {
  const other = TOOLS.find((t) => t !== tool)!;
  const mine = keyFor(field, tool);
  const theirs = keyFor(field, other);
  return field.since[other] !== undefined && theirs !== undefined && theirs !== mine ? theirs : undefined;
}

/**
 * A remote-state config holding the required fields as the library emits them for `target`, and
 * the case's field (or block member) under `key`, written by hand.
 */
function byHandConfig(c: FieldCase, target: ParsedTarget, key: string): Record<string, unknown> {
  const stack = new TerraformStack(appFor(target), 'consumer');
  c.sut.remoteState(stack, 'rs', { ...c.sut.base });
  const config = { ...synthJson(stack).data.terraform_remote_state.rs.config };
  if (c.block) {
    const members = c.block.fields!.filter((m) => m.required || m === c.field);
    const block: Record<string, unknown> = {};
    for (const m of members) {
      block[m === c.field ? key : anyKeyOf(m, target.tool)] = expectedValue(m, c.sut.samples[`${c.block.name}.${m.name}`], target);
    }
    config[anyKeyOf(c.block, target.tool)] = [block];
  } else if (c.field.type === 'block') {
    const sample = sampleOf(c) as Record<string, unknown>;
    const block: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(sample)) {
      const m = c.field.fields!.find((f) => f.name === name)!;
      block[anyKeyOf(m, target.tool)] = expectedValue(m, value, target);
    }
    config[key] = [block];
  } else {
    config[key] = expectedValue(c.field, sampleOf(c), target);
  }
  return config;
}

/** The samples of every field available for the target, keeping exclusive ones apart. */
function fullConfig(backend: string, target: ParsedTarget): Record<string, any> {
  const sut = STORES.find((s) => s.store.backend === backend)!;
  const leaveOut: Record<string, string[]> = {
    gcs: ['kmsEncryptionKey', 'accessToken'],
    cos: [],
    oss: ['assumeRole'],
    azurerm: ['clientIdFilePath', 'clientSecretFilePath', 'oidcTokenFilePath', 'useGraphApi'],
  };
  // OpenTofu keeps these apart as well: environment or metadataHost, customerProvidedKey or encryptionScope.
  const leaveOutForOpenTofu: Record<string, string[]> = { azurerm: ['metadataHost', 'encryptionScope'] };
  const props: Record<string, any> = {};
  for (const f of sut.store.fields) {
    const left = [...leaveOut[backend], ...(target.tool === 'opentofu' ? leaveOutForOpenTofu[backend] ?? [] : [])];
    if (left.includes(f.name) || !isAvailable(f, target)) continue;
    props[f.name] = f.type === 'block'
      ? Object.fromEntries(f.fields!.filter((m) => isAvailable(m, target)).map((m) => [m.name, sut.samples[`${f.name}.${m.name}`]]))
      : sut.samples[f.name];
  }
  return props;
}

/** The Terraform and OpenTofu cells of a field's row in docs/FIELDS.md. */
function fieldsDocRow(c: FieldCase): Record<ToolName, string> {
  const name = c.block ? `${c.block.name}.${c.field.name}` : c.spelling;
  const row = FIELDS_DOC.get(c.sut.store.backend)?.get(name);
  if (!row) throw new Error(`docs/FIELDS.md has no row for ${c.sut.store.backend} ${name}`);
  return row;
}

/** Rows of docs/FIELDS.md by store and field spelling: the Terraform and OpenTofu columns. */
const FIELDS_DOC: Map<string, Map<string, Record<ToolName, string>>> = (() => {
  const out = new Map<string, Map<string, Record<ToolName, string>>>();
  let rows: Map<string, Record<ToolName, string>> | undefined;
  for (const line of fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'FIELDS.md'), 'utf8').split('\n')) {
    const heading = /^## (\w+):/.exec(line);
    if (heading) out.set(heading[1], (rows = new Map()));
    const cells = line.split('|').map((s) => s.trim());
    if (!rows || cells.length < 8 || !cells[1].startsWith('`')) continue;
    for (const name of cells[1].split(',').map((s) => s.trim().replace(/`/g, ''))) {
      rows.set(name, { terraform: cells[4], opentofu: cells[5] });
    }
  }
  return out;
})();

/** Whether a FIELDS.md availability cell ("all", "—", "1.4.0", "1.1.0 – 1.3.0 (removed)") covers `version`. */
function availableIn(cell: string, version: string): boolean {
  if (cell === '—') return false;
  const m = /^(all|[\d.]+)(?: – ([\d.]+) \(removed\))?$/.exec(cell);
  if (!m) throw new Error(`unexpected availability cell in docs/FIELDS.md: ${cell}`);
  const from = m[1] === 'all' ? '0.0.0' : m[1];
  return compareVersions(version, from) >= 0 && (m[2] === undefined || compareVersions(version, m[2]) < 0);
}
