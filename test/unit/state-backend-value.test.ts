/**
 * Backend values from outside the code: OpenTofu 1.8+ evaluating references in backend blocks,
 * fields left to init with StateBackendValue.fromInit(), and backend config files
 * (src/state-backend-value.ts, src/private/kit/backend-files.ts, the reader and framework/backend.ts).
 * The checks they answer to are tested one describe block per id: field/..., backend/... and
 * remote-state/... in test/unit/private/kit/field-checks.test.ts, stack/cross-stack-from-run in
 * test/unit/private/framework/backend.test.ts.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { GcsBackend, OssBackend, StateBackendTarget, StateBackendValue } from '../../src';
import { FieldSpec } from '../../src/private/kit/schema';
import { STORES } from '../../src/private/stores';
import { synthError, warningsOf } from '../support/annotations';

function appFor(target: string): App {
  const app = Testing.app();
  const [tool, version] = target.split('@');
  (tool === 'opentofu' ? StateBackendTarget.opentofu(version) : StateBackendTarget.terraform(version)).applyTo(app);
  return app;
}
const stackFor = (target: string, id = 'network') => new TerraformStack(appFor(target), id);
const backendJson = (stack: TerraformStack) => JSON.parse(Testing.synth(stack)).terraform.backend;

describe('opentofu 1.8+ evaluates backend blocks', () => {
  test.each([
    ['opentofu@1.12.6', 'net%%{work', '"net%%{work"'],
    ['opentofu@1.7.0', 'net%{work', '"net%%{work"'],
    ['terraform@1.11.4', 'net%{work', '"net%%{work"'],
  ])('a literal string means itself for %s: JSON %j, HCL %s', (target, json, hcl) => {
    // GIVEN a prefix that holds %{ as text
    const stack = stackFor(target);
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: 'net%{work' });
    // THEN opentofu 1.8+ (which reads templates in JSON too) gets it escaped in both outputs
    expect(backendJson(stack).gcs.prefix).toBe(json);
    expect(Testing.synthHcl(stack)).toContain(`prefix = ${hcl}`);
  });

  test('two stacks with the same variable prefix are not compared (the run decides)', () => {
    const app = appFor('opentofu@1.12.6');
    for (const id of ['a', 'b']) {
      const stack = new TerraformStack(app, id);
      new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: new TerraformVariable(stack, 'env', { type: 'string' }).stringValue });
    }
    expect(synthError(app)).toBe('');
  });
});

describe('StateBackendValue.fromInit()', () => {
  test('every required field is a string, so fromInit() and fromInitNumber() cover what init must give', () => {
    // (a boolean cannot carry a marker: the README says to leave a boolean unset and give it at init)
    const required = (fields: readonly FieldSpec[]): FieldSpec[] => fields.filter((f) => f.required);
    for (const store of STORES) expect(required(store.fields).map((f) => `${store.backend}.${f.name}: ${f.type}`)).toEqual(required(store.fields).map((f) => `${store.backend}.${f.name}: string`));
  });
});

describe('backend config files', () => {
  test('a file per environment is written beside the stack, and the from-init warning goes', () => {
    // GIVEN a block that leaves the bucket to init, and two files that give it
    const app = appFor('terraform@1.11.4');
    const stack = new TerraformStack(app, 'network');
    const backend = new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
    backend.addConfigFile('prod', { bucket: 'acme-prod', prefix: 'network/%{x}' });
    backend.addConfigFile('dev', { bucket: 'acme-dev' });
    // WHEN the app is synthesized
    app.synth();
    // THEN each file holds its values (escaped as HCL reads them), beside cdk.tf.json
    const dir = path.join(app.outdir, 'stacks', 'network');
    expect(fs.readFileSync(path.join(dir, 'prod.tfbackend'), 'utf8')).toBe('bucket = "acme-prod"\nprefix = "network/%%{x}"\n');
    expect(fs.readFileSync(path.join(dir, 'dev.tfbackend'), 'utf8')).toBe('bucket = "acme-dev"\n');
    expect(warningsOf(stack).join('\n')).not.toContain('field/from-init');
  });

  test.each([
    [{ universeDomain: 'u.example.com' }, '- universeDomain: got "u.example.com", but terraform has no such setting; only opentofu 1.11.5 and later has it [field/availability]'],
    [{ kmsEncryptionKey: 'projects/p/locations/l/keyRings/r/cryptoKeys/k' }, '[gcs/one-encryption]'],
    [{ prefix: '${var.env}' }, '- prefix: got a reference, expected a literal value (a backend config file is read without variables) [field/literal-only]'],
    [{ bucket: StateBackendValue.fromInit() }, '[field/from-init-misplaced]'],
  ])('fails if a file breaks a rule of the whole config: %j', (values, line) => {
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: 'acme-tfstate', encryptionKey: Buffer.alloc(32, 1).toString('base64') });
    expect(() => backend.addConfigFile('prod', values)).toThrow(line);
  });

  test('takes the tool\'s keys too, and warns about a secret the file writes in clear text', () => {
    const app = appFor('terraform@1.11.4');
    const stack = new TerraformStack(app, 'platform');
    const backend = new OssBackend(stack, { bucket: 'acme-tfstate', lockStoreEndpoint: 'https://lock.cn-hangzhou.ots.aliyuncs.com' });
    backend.addConfigFile('prod', { tablestore_table: 'locks', secretKey: '<SECRET_KEY>' });
    app.synth();
    expect(fs.readFileSync(path.join(app.outdir, 'stacks', 'platform', 'prod.tfbackend'), 'utf8')).toBe('secret_key = "<SECRET_KEY>"\ntablestore_table = "locks"\n');
    expect(warningsOf(stack).join('\n')).toContain('in prod.tfbackend: secretKey is a secret set as a literal value, so it is written to prod.tfbackend in clear text');
  });

  test('takes snake_case field names (as Python and Go users write them) and nested tool keys', () => {
    const app = appFor('terraform@1.11.4');
    const stack = new TerraformStack(app, 'platform');
    const backend = new OssBackend(stack, { bucket: 'acme-tfstate', lockStoreEndpoint: 'https://lock.cn-hangzhou.ots.aliyuncs.com' });
    backend.addConfigFile('prod', { lock_store_table: 'locks', assume_role: { role_arn: 'acs:ram::1:role/x', session_name: 'ci' } });
    app.synth();
    expect(fs.readFileSync(path.join(app.outdir, 'stacks', 'platform', 'prod.tfbackend'), 'utf8')).toBe(
      'tablestore_table = "locks"\nassume_role {\n  role_arn = "acs:ram::1:role/x"\n  session_name = "ci"\n}\n',
    );
  });
});
