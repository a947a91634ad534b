/**
 * Backend values from outside the code: OpenTofu 1.8+ evaluating references in backend blocks,
 * fields left to init with StateBackendValue.fromInit(), and backend config files
 * (src/state-backend-value.ts, src/private/kit/backend-files.ts, the reader and framework/backend.ts).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Fn, TerraformLocal, TerraformOutput, TerraformResource, TerraformStack, TerraformVariable, Testing, Token } from 'cdktf';
import { CosBackend, GcsBackend, OssBackend, StateBackendTarget, StateBackendValue } from '../../src';
import { DataTerraformRemoteStateGcs } from '../../src/gcs-backend';
import { DataTerraformRemoteStateOss } from '../../src/oss-backend';
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
  test('a variable in a backend field is emitted as a reference in JSON and HCL, and its value checks are skipped, with a warning', () => {
    // GIVEN an OpenTofu 1.12.6 stack whose prefix and (required) bucket come from variables
    const stack = stackFor('opentofu@1.12.6');
    const env = new TerraformVariable(stack, 'env', { type: 'string' });
    const bucket = new TerraformLocal(stack, 'bucket', `acme-${env.stringValue}`);
    new GcsBackend(stack, { bucket: bucket.asString, prefix: `stacks/${env.stringValue}` });
    // THEN both outputs hold the references, and the warning names the fields
    expect(backendJson(stack).gcs).toEqual({ bucket: '${local.bucket}', prefix: 'stacks/${var.env}' });
    expect(Testing.synthHcl(stack)).toMatch(/backend "gcs" \{\s+bucket = "\$\{local\.bucket\}"\s+prefix = "stacks\/\$\{var\.env\}"/);
    expect(warningsOf(stack).filter((w) => w.endsWith('[field/evaluated-at-init]'))).toEqual([
      'bucket is a reference, which opentofu evaluates when init configures the backend; the checks of its value are left to that run [field/evaluated-at-init]',
      'prefix is a reference, which opentofu evaluates when init configures the backend; the checks of its value are left to that run [field/evaluated-at-init]',
    ]);
  });

  test.each(['terraform@1.16.5', 'terraform@1.11.4', 'opentofu@1.7.0'])('fails for %s, naming the first opentofu that evaluates references', (target) => {
    const stack = stackFor(target);
    const env = new TerraformVariable(stack, 'env', { type: 'string' });
    const [tool] = target.split('@');
    expect(() => new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: env.stringValue })).toThrow(
      `- prefix: got a reference, expected a literal value: ${tool === 'terraform' ? tool : target.replace('@', ' ')} reads backend blocks literally (HCL refuses "Variables not allowed"); ` +
        'opentofu 1.8.0 and later evaluates references there [field/literal-only]',
    );
  });

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

  test('fails if a reference in a backend field is not a template opentofu can read', () => {
    const stack = stackFor('opentofu@1.12.6');
    const env = new TerraformVariable(stack, 'env', { type: 'string' });
    expect(() => new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `${env.stringValue}%{x` })).toThrow(
      'expected no "%{" (the tool reads it as a template directive in a backend block opentofu evaluates); write "%%{" for a literal "%{" [backend/template]',
    );
  });

  test('fails at synth if a reference reads a resource, also through a local', () => {
    // GIVEN a prefix from a resource's attribute, through a local
    const stack = stackFor('opentofu@1.12.6');
    const data = new TerraformResource(stack, 'seed', { terraformResourceType: 'terraform_data' });
    const local = new TerraformLocal(stack, 'p', data.getStringAttribute('id'));
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: local.asString });
    // THEN synth is refused with the static-context rule
    expect(() => Testing.synth(stack, true)).toThrow(
      '- prefix: got a reference to terraform_data.seed (through local.p), but opentofu evaluates the backend block before any resource, data source or module exists; ' +
        'use a variable, or a local value that reads only variables [backend/static-context]',
    );
  });

  test.each([
    ['opentofu@1.12.6', 'sensitive', { sensitive: true }],
    ['opentofu@1.8.3', 'sensitive', { sensitive: true }],
  ])('fails at synth for %s if the block reads a %s variable, even through a local', (target, kind, flags) => {
    const stack = stackFor(target);
    const key = new TerraformVariable(stack, 'storage_key', { type: 'string', ...flags });
    const local = new TerraformLocal(stack, 'k', `x-${key.stringValue}`);
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: local.asString });
    expect(() => Testing.synth(stack, true)).toThrow(
      `- prefix: got var.storage_key, which is ${kind}, but ${target.replace('@', ' ')} refuses ${kind} values in a backend block ("Backend config contains ${kind} values"); ` +
        "give the value in the tool's env var, or at init (StateBackendValue.fromInit()) [backend/sensitive-value]",
    );
  });

  test('passes a sensitive variable through nonsensitive(), which opentofu takes', () => {
    const stack = stackFor('opentofu@1.12.6');
    const key = new TerraformVariable(stack, 'storage_key', { type: 'string', sensitive: true });
    const local = new TerraformLocal(stack, 'k', Fn.nonsensitive(key.stringValue));
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `${Fn.nonsensitive(key.stringValue)}/${local.asString}` });
    expect(() => Testing.synth(stack, true)).not.toThrow();
  });

  test('passes a sensitive variable for opentofu 1.8.0, which takes it', () => {
    const stack = stackFor('opentofu@1.8.0');
    const key = new TerraformVariable(stack, 'storage_key', { type: 'string', sensitive: true });
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: key.stringValue });
    expect(() => Testing.synth(stack, true)).not.toThrow();
  });

  test('warns if the block calls a function whose value changes on every run', () => {
    const stack = stackFor('opentofu@1.12.6');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `n/${Fn.timestamp()}` });
    expect(warningsOf(stack)).toContain(
      'prefix calls timestamp(), whose value changes on every run, so each init names another state object and the last one\'s state is left behind [backend/changing-value]',
    );
  });

  test('warns if the block calls such a function through a local', () => {
    const stack = stackFor('opentofu@1.12.6');
    const stamp = new TerraformLocal(stack, 'stamp', Fn.timestamp());
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: `n/${stamp.asString}` });
    expect(warningsOf(stack)).toContain(
      'prefix calls timestamp() (through local.stamp), whose value changes on every run, so each init names another state object and the last one\'s state is left behind [backend/changing-value]',
    );
  });

  test('fails at synth if another stack reads a backend its run completes', () => {
    // GIVEN a producer whose prefix is a variable, and a consumer of one of its outputs
    const app = appFor('opentofu@1.12.6');
    const producer = new TerraformStack(app, 'network');
    const env = new TerraformVariable(producer, 'env', { type: 'string' });
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: env.stringValue });
    const vpc = new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme-tfstate', prefix: 'app' });
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    // THEN the cross-stack reference is refused, saying how to read that state instead
    expect(synthError(app)).toContain(
      'stack "app" reads the outputs of stack "network", whose gcs backend (network/backend) takes prefix from its run (at init, a config file, a variable), which the run of "app" cannot know, ' +
        'so its remote state would read another object; read that state in "app" with DataTerraformRemoteStateGcs, giving those fields there ' +
        '(for example from a TerraformVariable of that stack) [stack/cross-stack-from-run]',
    );
  });

  test('a cross-stack reference leaves out a field the run gives that does not name the object, with a warning', () => {
    // GIVEN a producer whose access token is given at init, and a consumer of one of its attributes
    const app = appFor('terraform@1.11.4');
    const producer = new TerraformStack(app, 'network');
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'net%%{x}', accessToken: StateBackendValue.fromInit() });
    const vpc = new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme-tfstate', prefix: 'app' });
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    expect(synthError(app)).toBe('');
    // THEN the remote state reads the producer's object (its literal text escaped: remote states
    // are templates) without the token, and the consumer is told what its run must give
    const remote = Object.values(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state)[0] as any;
    expect(remote.config).toEqual({ bucket: 'acme-tfstate', prefix: 'net%%%{x}' });
    expect(warningsOf(consumer).join('\n')).toContain(
      'the remote state of network/backend leaves out fields its own run gives (at init, in a config file, or from a variable); ' +
        'the terraform run of stack app must provide them from the environment: accessToken (GOOGLE_OAUTH_ACCESS_TOKEN) [remote-state/run-values-left-out]',
    );
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
  test('a required field left to init is left out of the block, with a warning naming the init argument', () => {
    const stack = stackFor('terraform@1.11.4');
    new GcsBackend(stack, { bucket: StateBackendValue.fromInit(), prefix: 'network' });
    expect(backendJson(stack).gcs).toEqual({ prefix: 'network' });
    expect(Testing.synthHcl(stack)).not.toContain('bucket');
    expect(warningsOf(stack)).toContain(
      'bucket is left to init: the terraform run of stack network must give it (terraform init -backend-config="bucket=...", or a backend config file) [field/from-init]',
    );
  });

  test('terraform 1.15.0: the warning says that its validate refuses such a block', () => {
    const stack = stackFor('terraform@1.15.0');
    new GcsBackend(stack, { bucket: StateBackendValue.fromInit() });
    expect(warningsOf(stack).join('\n')).toContain("terraform 1.15.0's validate refuses a backend block whose arguments come from init (1.15.1 accepts it again) [field/from-init]");
  });

  test('warns that a block left to init comes from a config file only (init refuses it as -backend-config=KEY=VALUE)', () => {
    const stack = stackFor('terraform@1.11.4');
    new CosBackend(stack, { bucket: 'acme-1250000000', region: 'ap-guangzhou', prefix: StateBackendValue.fromInit(), assumeRole: StateBackendValue.fromInit() as any });
    expect(warningsOf(stack)).toContain(
      'prefix, assumeRole are left to init: the terraform run of stack network must give them (terraform init -backend-config="prefix=...", or a backend config file) ' +
        'and assumeRole in a backend config file only (terraform init -backend-config=<file>.tfbackend; init refuses -backend-config="assume_role=..." for a block) [field/from-init]',
    );
  });

  test('fails if a required field is simply missing', () => {
    expect(() => new OssBackend(stackFor('terraform@1.11.4'), {} as any)).toThrow('- bucket: got nothing, expected a non-empty string, or StateBackendValue.fromInit() where init gives it (-backend-config) (the field is required) [field/required]');
  });

  test('fails in a remote state, and on a member of a block', () => {
    const stack = stackFor('terraform@1.11.4');
    expect(() => new DataTerraformRemoteStateGcs(stack, 'rs', { bucket: StateBackendValue.fromInit() })).toThrow(
      '- bucket: got StateBackendValue.fromInit(), but a remote state has no init to be given the value; set it here [field/from-init-misplaced]',
    );
    expect(() => new OssBackend(stack, { bucket: 'acme-b', assumeRole: { roleArn: StateBackendValue.fromInit() } })).toThrow(
      '- assumeRole.roleArn: got StateBackendValue.fromInit() for a member of a block, expected it on a field of the backend itself (init sets whole fields) [field/from-init-misplaced]',
    );
  });

  test('fromInitNumber() leaves a number field to init, and a config file may give it', () => {
    // GIVEN an OSS block whose session expiration the run gives at init
    const app = appFor('terraform@1.11.4');
    const stack = new TerraformStack(app, 'platform');
    new OssBackend(stack, { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: StateBackendValue.fromInitNumber() });
    // THEN it is left out of the block, and the warning names the init argument
    expect(backendJson(stack).oss).toEqual({ bucket: 'acme-tfstate', assume_role_role_arn: 'acs:ram::1:role/x' });
    expect(warningsOf(stack)).toContain(
      'assumeRoleSessionExpiration is left to init: the terraform run of stack platform must give it (terraform init -backend-config="assume_role_session_expiration=...", or a backend config file) [field/from-init]',
    );
    // WHEN another stack's config file gives it THEN the file holds the number and that stack has no such warning
    const other = new TerraformStack(app, 'database');
    new OssBackend(other, { bucket: 'acme-tfstate', prefix: 'database', assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: StateBackendValue.fromInitNumber() })
      .addConfigFile('prod', { assumeRoleSessionExpiration: 1800 });
    app.synth();
    expect(fs.readFileSync(path.join(app.outdir, 'stacks', 'database', 'prod.tfbackend'), 'utf8')).toBe('assume_role_session_expiration = 1800\n');
    expect(warningsOf(other).join('\n')).not.toContain('field/from-init');
  });

  test('fails if fromInitNumber() is given where init gives nothing', () => {
    const stack = stackFor('terraform@1.11.4');
    expect(() => new DataTerraformRemoteStateOss(stack, 'rs', { bucket: 'acme-tfstate', assumeRoleSessionExpiration: StateBackendValue.fromInitNumber() })).toThrow(
      '- assumeRoleSessionExpiration: got StateBackendValue.fromInitNumber(), but a remote state has no init to be given the value; set it here [field/from-init-misplaced]',
    );
    const backend = new OssBackend(stack, { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x' });
    expect(() => backend.addConfigFile('prod', { assumeRoleSessionExpiration: StateBackendValue.fromInitNumber() })).toThrow(
      '- assumeRoleSessionExpiration: got StateBackendValue.fromInitNumber(), expected the value itself (a config file is what init is given) [field/from-init-misplaced]',
    );
  });

  test('every required field is a string, so fromInit() and fromInitNumber() cover what init must give', () => {
    // (a boolean cannot carry a marker: the README says to leave a boolean unset and give it at init)
    const required = (fields: readonly FieldSpec[]): FieldSpec[] => fields.filter((f) => f.required);
    for (const store of STORES) expect(required(store.fields).map((f) => `${store.backend}.${f.name}: ${f.type}`)).toEqual(required(store.fields).map((f) => `${store.backend}.${f.name}: string`));
  });

  test('fails with a clear error where anything else resolves the marker, naming fromInitNumber() and the rule', () => {
    const stack = stackFor('terraform@1.11.4');
    new TerraformOutput(stack, 'o', { value: StateBackendValue.fromInit() });
    expect(() => Testing.synth(stack)).toThrow(
      'StateBackendValue.fromInit() and fromInitNumber() mark a field of a backend block as given by the run at init, and cannot be resolved as a value ' +
        '(in another element, or converted: a number field takes StateBackendValue.fromInitNumber(), not Token.asNumber(StateBackendValue.fromInit())) ' +
        '[field/from-init-misplaced]',
    );
  });

  test.each(['terraform@1.11.4', 'opentofu@1.12.6'])('fails if a marker is converted or put inside a string, naming the marker to use (%s)', (target) => {
    // GIVEN Token.asNumber(fromInit()) on a number field, as the user wrote it
    const props = { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: Token.asNumber(StateBackendValue.fromInit()) };
    expect(() => new OssBackend(stackFor(target), props)).toThrow(
      '- assumeRoleSessionExpiration: got a value made from a StateBackendValue marker (converted with Token.asNumber or Token.asString, or inside a string), ' +
        'expected StateBackendValue.fromInitNumber() itself (init sets whole fields) [field/from-init-misplaced]',
    );
    // AND a marker inside a string, or a number marker made a string, on a string field
    expect(() => new GcsBackend(stackFor(target), { bucket: `acme-${StateBackendValue.fromInit()}` })).toThrow(
      '- bucket: got a value made from a StateBackendValue marker (converted with Token.asNumber or Token.asString, or inside a string), expected StateBackendValue.fromInit() itself',
    );
    expect(() => new GcsBackend(stackFor(target), { bucket: Token.asString(StateBackendValue.fromInitNumber()) })).toThrow('[field/from-init-misplaced]');
  });

  test('a reference or a variable is not taken for a converted marker', () => {
    const stack = stackFor('opentofu@1.12.6');
    const v = new TerraformVariable(stack, 'expiration', { type: 'number' });
    expect(() => new OssBackend(stack, { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: v.numberValue })).not.toThrow();
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

  test('fails if a file leaves a required field the block leaves to init, naming the file', () => {
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: StateBackendValue.fromInit() });
    expect(() => backend.addConfigFile('prod', { prefix: 'x' })).toThrow(
      'invalid gcs backend config file "prod.tfbackend" (target terraform@1.11.4) at network/backend:\n' +
        '- bucket: is left to init by the block and not given by the file, expected the file to give it (the field is required) [field/required]',
    );
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

  test('fails if a file holds a number or value token (a file is read without variables)', () => {
    // GIVEN references that are no strings: a number variable, and any value of one
    const stack = stackFor('opentofu@1.12.6');
    const v = new TerraformVariable(stack, 'v', { type: 'number' });
    const backend = new OssBackend(stack, { bucket: 'acme-tfstate', assumeRoleRoleArn: 'acs:ram::1:role/x' });
    // THEN each is refused as a reference, naming the field
    expect(() => backend.addConfigFile('prod', { assumeRoleSessionExpiration: v.numberValue })).toThrow(
      '- assumeRoleSessionExpiration: got a reference, expected a literal value (a backend config file is read without variables) [field/literal-only]');
    expect(() => backend.addConfigFile('dev', { encrypt: Token.asAny(v.value) })).toThrow('- encrypt: got a reference, expected a literal value');
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

  test('fails if a file names one field twice, without showing the values', () => {
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: 'acme-tfstate' });
    const error = (() => {
      try {
        backend.addConfigFile('prod', { accessToken: 'SECRET8', access_token: 'SECRET9' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(error).toContain('- accessToken: accessToken and access_token name one field, expected one of them [field/spelling-conflict]');
    expect(error).not.toMatch(/SECRET/);
  });

  test('fails if a file misspells a key, suggesting the field and showing a value that is no secret', () => {
    // GIVEN a block that leaves the bucket to init
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: StateBackendValue.fromInit(), prefix: 'network' });
    // WHEN a file spells bucket `buckt` THEN the error names the field meant and shows the value (a bucket is no secret)
    expect(() => backend.addConfigFile('prod', { buckt: 'acme-prod', bucket: 'acme-prod' })).toThrow(
      '- buckt: got "acme-prod" for an unknown field, did you mean bucket? [field/unknown]',
    );
    // AND a misspelt secret is suggested without its value
    const error = (() => {
      try {
        backend.addConfigFile('dev', { bucket: 'acme-dev', acess_token: 'SECRET7' });
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(error).toContain('- acess_token: got <redacted> for an unknown field, did you mean accessToken? [field/unknown]');
    expect(error).not.toContain('SECRET7');
  });

  test('fails on a bad or repeated file name', () => {
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: 'acme-tfstate' });
    expect(() => backend.addConfigFile('../prod', {})).toThrow('- name: got "../prod", expected letters, digits, ".", "_" and "-", starting with a letter or digit [config/shape]');
    backend.addConfigFile('prod', {});
    expect(() => backend.addConfigFile('prod', {})).toThrow('- name: got "prod" a second time, expected one file per name [config/shape]');
  });

  test('fails on a file name longer than the file system takes, where writing it fails with ENAMETOOLONG', () => {
    // GIVEN the longest name the library takes, and one more character
    const backend = new GcsBackend(stackFor('terraform@1.11.4'), { bucket: 'acme-tfstate' });
    backend.addConfigFile('n'.repeat(245), {});
    expect(() => backend.addConfigFile('n'.repeat(246), {})).toThrow(
      '- name: got a name of 246 characters, expected at most 245 (file systems take 255 bytes for <name>.tfbackend) [config/shape]',
    );
    // THEN the file system refuses that file, and takes the longest one
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'long-name-'));
    expect(() => fs.writeFileSync(path.join(dir, `${'n'.repeat(246)}.tfbackend`), '')).toThrow(/ENAMETOOLONG/);
    expect(() => fs.writeFileSync(path.join(dir, `${'n'.repeat(245)}.tfbackend`), '')).not.toThrow();
  });
});
