/**
 * What every backend and remote state shares (src/private/framework/backend.ts, remote-state.ts): the members of spec parts 4.2, 4.3 and 2.6, remote states for other stacks,
 * and the stack rules backend.ts checks, one describe block per id: stack/cross-stack-override,
 * stack/one-backend, stack/cross-stack-from-run.
 */
import * as fs from 'fs';
import * as path from 'path';
import {
  App,
  Aspects,
  CloudBackend,
  Fn,
  IAspect,
  LocalBackend,
  NamedCloudWorkspace,
  TerraformBackend,
  TerraformElement,
  TerraformLocal,
  TerraformOutput,
  TerraformRemoteState,
  TerraformResource,
  TerraformStack,
  TerraformVariable,
  Testing,
} from 'cdktf';
import { Construct, IConstruct, IMixin } from 'constructs';
import {
  AzurermBackend,
  CosBackend,
  DataTerraformRemoteStateAzurerm,
  DataTerraformRemoteStateCos,
  DataTerraformRemoteStateOss,
  GcsBackend,
  OssBackend,
} from '../../../../src';
import { synthError, warningsOf } from '../../../support/annotations';
import { appFor } from '../../../support/stores';

function twoStacks() {
  const app = appFor();
  return { app, producer: new TerraformStack(app, 'producer'), consumer: new TerraformStack(app, 'consumer') };
}

/** The config of the one remote state of `consumer`. */
const remoteConfig = (consumer: TerraformStack) =>
  (Object.values(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state)[0] as any).config;

const OSS = { bucket: 'acme-tfstate', region: 'cn-hangzhou', lockStoreTable: 'terraform_lock', lockStoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com' };

describe('spec part 4.2 members', () => {
  test('toString names the construct path', () => {
    const { producer, consumer } = twoStacks();
    expect(new OssBackend(producer, OSS).toString()).toBe('producer/backend');
    expect(new DataTerraformRemoteStateCos(consumer, 'cos', { bucket: 'b-1250000000', region: 'ap-guangzhou' }).toString()).toBe('consumer/cos');
  });

  test('with() applies a mixin to the construct and the constructs present at the start of the call', () => {
    // GIVEN a mixin that overrides the prefix of OSS backends and adds a child to every construct it visits
    const visited: string[] = [];
    const mixin: IMixin = {
      supports: (c: IConstruct) => TerraformBackend.isBackend(c) || TerraformStack.isStack(c),
      applyTo: (c: IConstruct) => {
        visited.push(c.node.path);
        if (TerraformBackend.isBackend(c)) (c as OssBackend).addOverride('prefix', 'mixed-in');
        new Construct(c as Construct, 'AddedByMixin');
      },
    };
    const { producer } = twoStacks();
    const backend = new OssBackend(producer, OSS);

    // WHEN
    const returned = backend.with(mixin);

    // THEN the mixin ran once on the backend only (the child it added was not visited), and the override is in the output
    expect(returned).toBe(backend);
    expect(visited).toEqual(['producer/backend']);
    expect(JSON.parse(Testing.synth(producer)).terraform.backend.oss.prefix).toBe('mixed-in');
  });

  test('with() on a stack reaches backends and remote states inside it', () => {
    const { producer, consumer } = twoStacks();
    new OssBackend(producer, OSS);
    new DataTerraformRemoteStateOss(consumer, 'oss', OSS);
    const seen: string[] = [];
    const mixin: IMixin = { supports: (c) => TerraformElement.isTerraformElement(c), applyTo: (c) => seen.push(c.node.path) };
    producer.with(mixin);
    consumer.with(mixin);
    expect(seen).toEqual(['producer/backend', 'consumer/oss']);
  });

  test('addOverride changes the backend block and the remote-state block', () => {
    const { producer, consumer } = twoStacks();
    new OssBackend(producer, OSS).addOverride('key', 'overridden.tfstate');
    const rs = new DataTerraformRemoteStateOss(consumer, 'oss', OSS);
    rs.addOverride('config.key', 'other.tfstate');
    rs.addOverride('workspace', 'staging');
    expect(JSON.parse(Testing.synth(producer)).terraform.backend.oss.key).toBe('overridden.tfstate');
    const block = JSON.parse(Testing.synth(consumer)).data.terraform_remote_state.oss;
    expect(block.config.key).toBe('other.tfstate');
    expect(block.config.tablestore_table).toBe('terraform_lock');
    expect(block.workspace).toBe('staging');
  });

  test('overrideLogicalId and resetOverrideLogicalId change the remote state address', () => {
    const { consumer } = twoStacks();
    const rs = new DataTerraformRemoteStateCos(consumer, 'cos', { bucket: 'b-1250000000', region: 'ap-guangzhou' });
    rs.overrideLogicalId('shared_network');
    expect(Object.keys(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state)).toEqual(['shared_network']);

    const { consumer: other } = twoStacks();
    const rs2 = new DataTerraformRemoteStateCos(other, 'cos', { bucket: 'b-1250000000', region: 'ap-guangzhou' });
    rs2.overrideLogicalId('shared_network');
    rs2.resetOverrideLogicalId();
    expect(Object.keys(JSON.parse(Testing.synth(other)).data.terraform_remote_state)).toEqual(['cos']);
  });

  test('toTerraform, toHclTerraform and toMetadata of a backend', () => {
    const { producer } = twoStacks();
    const backend = new OssBackend(producer, OSS);
    expect(backend.toTerraform()).toEqual({
      terraform: {
        backend: {
          oss: {
            region: 'cn-hangzhou',
            tablestore_endpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com',
            bucket: 'acme-tfstate',
            tablestore_table: 'terraform_lock',
          },
        },
      },
    });
    expect(backend.toHclTerraform().terraform.backend.oss.tablestore_table).toBe('"terraform_lock"');
    expect(backend.toMetadata()).toEqual({ backend: 'oss' });
    backend.addOverride('encrypt', true);
    expect(backend.toMetadata()).toEqual({ backend: 'oss', overrides: { backend: ['encrypt'] } });
  });

  test('toTerraform, toHclTerraform and toMetadata of a remote state', () => {
    const { consumer } = twoStacks();
    const rs = new DataTerraformRemoteStateAzurerm(consumer, 'az', {
      storageAccountName: 'acmetfstate',
      containerName: 'tfstate',
      key: 'prod.tfstate',
      useMsi: true,
      resourceGroupName: 'rg',
      workspace: 'prod',
      defaults: { vnet_id: 'none' },
    });
    expect(rs.toTerraform()).toEqual({
      data: {
        terraform_remote_state: {
          az: {
            backend: 'azurerm',
            workspace: 'prod',
            defaults: { vnet_id: 'none' },
            config: { resource_group_name: 'rg', storage_account_name: 'acmetfstate', container_name: 'tfstate', key: 'prod.tfstate', use_msi: true },
          },
        },
      },
    });
    expect(rs.toHclTerraform().data.terraform_remote_state.az.config.use_msi).toBe(true);
    expect(rs.toMetadata()).toEqual({});
  });

  test('get, getBoolean, getList, getNumber and getString reference the outputs of the remote state', () => {
    const { consumer } = twoStacks();
    const rs = new DataTerraformRemoteStateCos(consumer, 'net', { bucket: 'b-1250000000', region: 'ap-guangzhou' });
    new TerraformOutput(consumer, 'a', { value: rs.get('a') });
    new TerraformOutput(consumer, 'b', { value: rs.getBoolean('b') });
    new TerraformOutput(consumer, 'c', { value: rs.getList('c') });
    new TerraformOutput(consumer, 'd', { value: rs.getNumber('d') });
    new TerraformOutput(consumer, 'e', { value: rs.getString('e') });
    const outputs = JSON.parse(Testing.synth(consumer)).output;
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      expect(outputs[name].value).toBe(`\${data.terraform_remote_state.net.outputs.${name}}`);
    }
  });
});

describe('spec part 4.3 statics and part 2.6 properties', () => {
  test('isConstruct, isTerraformElement and isBackend', () => {
    const { producer, consumer } = twoStacks();
    const backend = new OssBackend(producer, OSS);
    const rs = new DataTerraformRemoteStateCos(consumer, 'cos', { bucket: 'b-1250000000', region: 'ap-guangzhou' });
    expect(OssBackend.isConstruct(backend)).toBe(true);
    expect(DataTerraformRemoteStateCos.isConstruct(rs)).toBe(true);
    expect(DataTerraformRemoteStateCos.isConstruct({})).toBeFalsy();
    expect(OssBackend.isTerraformElement(backend)).toBe(true);
    expect(DataTerraformRemoteStateAzurerm.isTerraformElement(rs)).toBe(true);
    expect(DataTerraformRemoteStateAzurerm.isTerraformElement(producer)).toBe(false);
    expect(OssBackend.isBackend(backend)).toBe(true);
    expect(OssBackend.isBackend(rs)).toBe(false);
  });

  test('node, cdktfStack, fqn, friendlyUniqueId and tfResourceType', () => {
    const { producer, consumer } = twoStacks();
    const backend = new OssBackend(producer, OSS);
    const rs = new DataTerraformRemoteStateAzurerm(consumer, 'az', { storageAccountName: 'acct', containerName: 'c', key: 'k', accessKey: '<ACCESS_KEY>' });
    expect(backend.node.id).toBe('backend');
    expect(backend.cdktfStack).toBe(producer);
    expect(rs.cdktfStack).toBe(consumer);
    expect(rs.friendlyUniqueId).toBe('az');
    expect(backend.friendlyUniqueId).toBe('backend');
    expect(backend.fqn).toBe('terraform.backend.oss');
    new TerraformOutput(consumer, 'fqn', { value: rs.fqn });
    expect(JSON.parse(Testing.synth(consumer)).output.fqn.value).toBe('${data.terraform_remote_state.az}');
    expect(DataTerraformRemoteStateCos.tfResourceType).toBe('terraform_remote_state');
    expect(DataTerraformRemoteStateAzurerm.tfResourceType).toBe('terraform_remote_state');
  });
});

describe('remote states for other stacks', () => {
  test.each([
    ['oss', (s: Construct) => new OssBackend(s, { ...OSS, accessKey: '<ACCESS_KEY>', secretKey: '<SECRET_KEY>' }), 'oss'],
    ['cos', (s: Construct) => new CosBackend(s, { bucket: 'b-1250000000', region: 'ap-guangzhou', secretId: '<SECRET_ID>', secretKey: '<SECRET_KEY>' }), 'cos'],
    ['gcs', (s: Construct) => new GcsBackend(s, { bucket: 'acme', accessToken: '<ACCESS_TOKEN>' }), 'gcs'],
    ['azurerm', (s: Construct) => new AzurermBackend(s, { storageAccountName: 'acct', containerName: 'c', key: 'k', sasToken: '<SAS_TOKEN>' }), 'azurerm'],
  ])('%s: getRemoteStateDataSource reads the consuming workspace and leaves out secrets', (_name, make, backendName) => {
    // GIVEN a backend with literal secrets
    const { producer, consumer } = twoStacks();
    const backend = make(producer) as TerraformBackend;

    // WHEN another stack asks for its remote state
    const rs = backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');

    // THEN the remote state reads the same store without the secrets, in the consumer's workspace
    expect(rs).toBeInstanceOf(TerraformRemoteState);
    const block = JSON.parse(Testing.synth(consumer)).data.terraform_remote_state.upstream;
    expect(block.backend).toBe(backendName);
    expect(block.workspace).toBe('${terraform.workspace}');
    expect(JSON.stringify(block)).not.toMatch(/<(ACCESS_KEY|SECRET_KEY|SECRET_ID|ACCESS_TOKEN|SAS_TOKEN)>/);
    const backendBlock = JSON.parse(Testing.synth(producer)).terraform.backend[backendName];
    for (const [key, value] of Object.entries(block.config)) expect(backendBlock[key]).toEqual(value);
  });

  test('oss: the consumer config keeps every non-secret field in the spelling the user chose', () => {
    const { producer, consumer } = twoStacks();
    const backend = new OssBackend(producer, { bucket: 'acme-tfstate', tablestoreTable: 'lock', tablestoreEndpoint: 'https://lock.cn-hangzhou.ots.aliyuncs.com', secretKey: '<SECRET_KEY>' });
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    expect(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state.upstream).toEqual({
      backend: 'oss',
      workspace: '${terraform.workspace}',
      config: { bucket: 'acme-tfstate', tablestore_table: 'lock', tablestore_endpoint: 'https://lock.cn-hangzhou.ots.aliyuncs.com' },
    });
  });

  test('cross-stack reference: cdktf creates the remote state through the backend', () => {
    // GIVEN a value of the producer stack used in the consumer stack
    const { app, producer, consumer } = twoStacks();
    new OssBackend(producer, { ...OSS, secretKey: '<SECRET_KEY>' });
    const vpcId = new TerraformLocal(producer, 'vpc_id', 'vpc-123');
    new TerraformOutput(consumer, 'upstream_vpc', { value: vpcId.asString });

    // WHEN the app is synthesized
    app.synth();

    // THEN the consumer reads the producer's state from OSS, in its own workspace, without the secret
    const consumerJson = JSON.parse(Testing.synth(consumer));
    const [id, block] = Object.entries(consumerJson.data.terraform_remote_state)[0] as [string, any];
    expect(block).toEqual({
      backend: 'oss',
      workspace: '${terraform.workspace}',
      config: {
        region: 'cn-hangzhou',
        tablestore_endpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com',
        bucket: 'acme-tfstate',
        tablestore_table: 'terraform_lock',
      },
    });
    expect(consumerJson.output.upstream_vpc.value).toBe(`\${data.terraform_remote_state.${id}.outputs.${Object.keys(JSON.parse(Testing.synth(producer)).output).find((o) => o.startsWith('cross-stack-output'))}}`);
  });

  test('a producer whose prefix reads terraform.workspace (opentofu) is read in the consumer\'s own workspace', () => {
    const app = Testing.app({ context: { 'cdktf-state-backends:target': 'opentofu@1.12.6' } });
    const producer = new TerraformStack(app, 'producer');
    const consumer = new TerraformStack(app, 'consumer');
    const backend = new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: '${terraform.workspace}/net' });
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    expect(remoteConfig(consumer)).toEqual({ bucket: 'acme-tfstate', prefix: '${terraform.workspace}/net' });
  });
});

describe('stack/cross-stack-override', () => {
  test('the consumer\'s remote state applies the backend\'s own override and the stack\'s', () => {
    // GIVEN a producer whose prefix an override of the element moves, and its bucket one of the stack
    const { producer, consumer } = twoStacks();
    const backend = new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'old' });
    backend.addOverride('prefix', 'moved');
    producer.addOverride('terraform.backend.gcs.bucket', 'acme-other');
    // WHEN another stack reads it
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    // THEN it reads the bucket and prefix the producer writes
    expect(remoteConfig(consumer)).toEqual({ bucket: 'acme-other', prefix: 'moved' });
  });

  test('an override that removes a field removes it from the consumer\'s remote state', () => {
    const { producer, consumer } = twoStacks();
    const backend = new OssBackend(producer, { ...OSS, prefix: 'p' });
    backend.addOverride('prefix', undefined);
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    expect(remoteConfig(consumer).prefix).toBeUndefined();
  });

  test('fails if an override has no field the remote state could carry, naming it', () => {
    const { producer, consumer } = twoStacks();
    const backend = new GcsBackend(producer, { bucket: 'acme-tfstate' });
    backend.addOverride('not_a_key', 'x');
    expect(() => backend.getRemoteStateDataSource(consumer, 'upstream', 'producer')).toThrow(
      'stack "consumer" reads the outputs of stack "producer", whose backend (producer/backend) has overrides of not_a_key that its remote state cannot carry, ' +
        'so it would read another object than the backend writes; set those values in the backend\'s config instead of an override [stack/cross-stack-override]',
    );
  });

  /**
   * An app of a producer (its backend's prefix "old") and a consumer of one of its attributes (a
   * cross-stack reference), the consumer added first when `consumerFirst`; `change` runs on the
   * producer's stack and backend.
   */
  const readingApp = (change: (stack: TerraformStack, backend: GcsBackend) => void, consumerFirst = false, target = 'terraform@1.11.4') => {
    const app = Testing.app({ context: { 'cdktf-state-backends:target': target } });
    const consumer = consumerFirst ? new TerraformStack(app, 'consumer') : undefined;
    const producer = new TerraformStack(app, 'producer');
    const backend = new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'old' });
    change(producer, backend);
    const data = new TerraformResource(producer, 'data', { terraformResourceType: 'terraform_data' });
    const reader = consumer ?? new TerraformStack(app, 'consumer');
    new GcsBackend(reader, { bucket: 'acme-tfstate', prefix: 'consumer' });
    new TerraformOutput(reader, 'n', { value: data.getStringAttribute('output') });
    return { app, consumer: reader };
  };
  /** What the app wrote as the consumer's remote state config. */
  const writtenConfig = (app: App) => (Object.values(JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', 'consumer', 'cdk.tf.json'), 'utf8'))
    .data.terraform_remote_state)[0] as any).config;
  /** An Aspect that overrides the prefix of `backend`. */
  const prefixAspect = (backend: GcsBackend, prefix: unknown): IAspect => ({ visit: (c) => (c === backend ? backend.addOverride('prefix', prefix) : undefined) });

  test('the consumer reads an override an Aspect of the producer\'s stack sets, though cdktf made its remote state before any Aspect ran', () => {
    // GIVEN an Aspect of the producer's stack that moves its prefix
    const { app } = readingApp((stack, backend) => Aspects.of(stack).add(prefixAspect(backend, 'moved')));
    // WHEN the app is synthesized THEN the consumer reads the object the producer writes
    expect(synthError(app)).toBe('');
    expect(writtenConfig(app)).toEqual({ bucket: 'acme-tfstate', prefix: 'moved' });
  });

  test('fails if the consumer was written before an Aspect of its producer changed the block, naming both stacks and the order', () => {
    // GIVEN the same Aspect, the consumer added to the app (so synthesized and written) first
    const { app } = readingApp((stack, backend) => Aspects.of(stack).add(prefixAspect(backend, 'moved')), true);
    // THEN the synth is refused at the producer, which cdktf synthesizes after the consumer
    expect(synthError(app)).toContain(
      '[producer/backend] stack "consumer" reads the outputs of stack "producer", and was written before that stack\'s backend (producer/backend) changed prefix ' +
        '(an Aspect\'s override: cdktf invokes a stack\'s aspects when it synthesizes that stack, in the order the app holds the stacks), so its remote state reads ' +
        'another object than the backend writes; add stack "producer" to the app before "consumer", or set the value in the backend\'s config or in an ' +
        'override made with it [stack/cross-stack-override]',
    );
    // AND an Aspect that leaves the block as it is passes in that order
    const { app: unchanged } = readingApp((stack, backend) => Aspects.of(stack).add(prefixAspect(backend, 'old')), true);
    expect(synthError(unchanged)).toBe('');
  });

  test('fails if an Aspect adds an override the remote state cannot carry', () => {
    const { app } = readingApp((stack, backend) => Aspects.of(stack).add({ visit: (c) => (c === backend ? backend.addOverride('not_a_key', 'x') : undefined) }));
    expect(synthError(app)).toContain('has overrides of not_a_key that its remote state cannot carry');
  });

  test('fails at the consumer\'s synth if the producer later gets an override the remote state cannot carry', () => {
    const { producer, consumer } = twoStacks();
    const backend = new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'old' });
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    backend.addOverride('not_a_key', 'x');
    // (cdktf reports it as the remote state's validation error; cdktn's Testing.synth renders the element first, which throws it)
    expect(() => Testing.synth(consumer, true)).toThrow(/stack "consumer" reads the outputs of stack "producer", .* has overrides of not_a_key .* \[stack\/cross-stack-override\]/);
  });

  test('an override of the stack\'s block made after the remote state reaches it', () => {
    const { producer, consumer } = twoStacks();
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'old' }).getRemoteStateDataSource(consumer, 'upstream', 'producer');
    producer.addOverride('terraform.backend', { gcs: { prefix: 'late' } });
    expect(remoteConfig(consumer)).toEqual({ bucket: 'acme-tfstate', prefix: 'late' });
  });

  test('a number or boolean override of a string field reaches the consumer as the text the tool reads (2024 is "2024")', () => {
    const { app } = readingApp((_stack, backend) => backend.addOverride('prefix', 2024));
    expect(synthError(app)).toBe('');
    expect(writtenConfig(app)).toEqual({ bucket: 'acme-tfstate', prefix: '2024' });
    const { producer, consumer } = twoStacks();
    const big = new GcsBackend(producer, { bucket: 'acme-tfstate' });
    big.addOverride('prefix', 1e21);
    big.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    expect(remoteConfig(consumer).prefix).toBe('1000000000000000000000');
  });

  test('a string override of a number field reaches the consumer as the number the tool reads', () => {
    const { producer, consumer } = twoStacks();
    const backend = new OssBackend(producer, { ...OSS, assumeRoleRoleArn: 'acs:ram::1:role/x', assumeRoleSessionExpiration: 900 });
    backend.addOverride('assume_role_session_expiration', '1800');
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    expect(remoteConfig(consumer).assume_role_session_expiration).toBe(1800);
  });

  test('a token override is what the producer writes: resolved in its stack, a constant template kept (opentofu), a variable\'s text literal (terraform)', () => {
    const { app: tofu } = readingApp((stack) => stack.addOverride('terraform.backend.gcs.prefix', Fn.lower('NET')), false, 'opentofu@1.12.6');
    expect(synthError(tofu)).toBe('');
    expect(writtenConfig(tofu)).toEqual({ bucket: 'acme-tfstate', prefix: '${lower("NET")}' });
    const { app: terraform } = readingApp((stack, backend) => backend.addOverride('prefix', new TerraformVariable(stack, 'env', { type: 'string' }).stringValue));
    expect(synthError(terraform)).toBe('');
    expect(writtenConfig(terraform)).toEqual({ bucket: 'acme-tfstate', prefix: '$${var.env}' });
  });

  test('a literal "${...}" override (terraform reads it as text) reaches the consumer escaped, as the same text', () => {
    const { producer, consumer } = twoStacks();
    const backend = new GcsBackend(producer, { bucket: 'acme-tfstate' });
    backend.addOverride('prefix', '${terraform.workspace}');
    backend.getRemoteStateDataSource(consumer, 'upstream', 'producer');
    expect(remoteConfig(consumer).prefix).toBe('$${terraform.workspace}');
  });

});

describe('stack/one-backend', () => {
  test('fails if a second backend sits in a child construct, naming both paths', () => {
    const { producer } = twoStacks();
    new OssBackend(producer, OSS);
    new GcsBackend(new Construct(producer, 'Nested'), { bucket: 'acme' });
    expect(() => Testing.synth(producer, true)).toThrow(
      '[producer/backend] a stack can have only one backend, found 2: backend "oss" at producer/backend and backend "gcs" at producer/Nested/backend; ' +
        'keep one (the tool refuses a configuration with several backend or cloud blocks)',
    );
  });

  test('fails if cdktf\'s own backend or cloud block is the other, whatever the tree order', () => {
    // GIVEN a cdktf LocalBackend met before this library's backend
    const { producer, consumer } = twoStacks();
    new LocalBackend(new Construct(producer, 'AAA'), { path: 'x.tfstate' });
    new OssBackend(producer, OSS);
    expect(() => Testing.synth(producer, true)).toThrow(
      '[producer/backend] a stack can have only one backend, found 2: backend "local" at producer/AAA/backend and backend "oss" at producer/backend;',
    );
    // GIVEN a cloud block beside a backend
    new CloudBackend(consumer, { organization: 'acme', workspaces: new NamedCloudWorkspace('app') });
    new GcsBackend(new Construct(consumer, 'Nested'), { bucket: 'acme' });
    expect(() => Testing.synth(consumer, true)).toThrow('found 2: a cloud block at consumer/backend and backend "gcs" at consumer/Nested/backend;');
  });

  test('one backend per stack passes', () => {
    const { producer, consumer } = twoStacks();
    new OssBackend(producer, OSS);
    new CosBackend(consumer, { bucket: 'b-1250000000', region: 'ap-guangzhou' });
    expect(() => Testing.synth(producer, true)).not.toThrow();
    expect(() => Testing.synth(consumer, true)).not.toThrow();
  });

  test('fails if stack.addOverride adds a second backend', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'network');
    new GcsBackend(stack, { bucket: 'acme-tfstate' });
    stack.addOverride('terraform.backend.local', { path: 'x.tfstate' });
    expect(() => Testing.synth(stack, true)).toThrow(
      'a stack can have only one backend, found 2: backend "gcs" at network/backend and backend "local" from stack.addOverride; ' +
        'keep one (the tool refuses a configuration with several backend or cloud blocks) [stack/one-backend]',
    );
  });

  test('fails if stack.addOverride adds a cloud block', () => {
    const stack = new TerraformStack(Testing.app(), 'network');
    new GcsBackend(stack, { bucket: 'acme-tfstate' });
    stack.addOverride('terraform.cloud', { organization: 'acme' });
    expect(() => Testing.synth(stack, true)).toThrow('and a cloud block from stack.addOverride');
  });

  test('passes if a stack override changes the backend\'s own block', () => {
    const stack = new TerraformStack(Testing.app(), 'network');
    new GcsBackend(stack, { bucket: 'acme-tfstate' });
    stack.addOverride('terraform.backend.gcs.prefix', 'x');
    expect(() => Testing.synth(stack, true)).not.toThrow();
  });
});

describe('stack/cross-stack-from-run', () => {
  test('fails if another stack reads a backend its run completes (at synth)', () => {
    // GIVEN a producer whose prefix is a variable, and a consumer of one of its outputs
    const app = appFor({ tool: 'opentofu', version: '1.12.6' });
    const producer = new TerraformStack(app, 'network');
    const env = new TerraformVariable(producer, 'env', { type: 'string' });
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: env.stringValue });
    const vpc = new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme-tfstate', prefix: 'app' });
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    // THEN the cross-stack reference is refused, saying how to read that state instead
    expect(synthError(app)).toContain(
      'stack "app" reads the outputs of stack "network", whose gcs backend (network/backend) takes prefix from its own run or configuration (a value given at init, ' +
        'a config file, a variable or local of that stack), which the run of "app" cannot know, ' +
        'so its remote state would read another object; read that state in "app" with DataTerraformRemoteStateGcs, giving those fields there ' +
        '(for example from a TerraformVariable of that stack) [stack/cross-stack-from-run]',
    );
  });

  test('fails if an override of the producer\'s stack gives a variable through a token (opentofu evaluates it at init)', () => {
    const app = appFor({ tool: 'opentofu', version: '1.12.6' });
    const producer = new TerraformStack(app, 'network');
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'network' });
    producer.addOverride('terraform.backend.gcs.prefix', new TerraformVariable(producer, 'env', { type: 'string' }).stringValue);
    const vpc = new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme-tfstate', prefix: 'app' });
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    expect(synthError(app)).toMatch(/whose gcs backend \(network\/backend\) takes prefix from its own run or configuration .* \[stack\/cross-stack-from-run\]/);
  });

  test('passes if the producer\'s prefix is a token OpenTofu folds alike in every stack (resolved in the producer\'s stack, kept as the template)', () => {
    const app = appFor({ tool: 'opentofu', version: '1.12.6' });
    const producer = new TerraformStack(app, 'network');
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: Fn.lower('NETWORK') });
    const vpc = new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme-tfstate', prefix: 'app' });
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    expect(synthError(app)).toBe('');
    expect(Object.values(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state).map((r: any) => r.config)).toEqual([{ bucket: 'acme-tfstate', prefix: '${lower("NETWORK")}' }]);
  });

  test('passes if another stack reads a backend its code names in full', () => {
    // GIVEN the same two stacks, the producer's prefix a literal
    const app = appFor({ tool: 'opentofu', version: '1.12.6' });
    const producer = new TerraformStack(app, 'network');
    new GcsBackend(producer, { bucket: 'acme-tfstate', prefix: 'network' });
    const vpc = new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme-tfstate', prefix: 'app' });
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    // THEN the consumer reads it through a remote state
    expect(synthError(app)).toBe('');
    expect(Object.values(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state).map((r: any) => r.config)).toEqual([{ bucket: 'acme-tfstate', prefix: 'network' }]);
  });

  /** A producer whose prefix is `prefix`, and a consumer of one of its attributes (a cross-stack reference), at opentofu 1.12.6. */
  const crossStack = (prefix: string, local?: string) => {
    const app = Testing.app({ context: { 'cdktf-state-backends:target': 'opentofu@1.12.6' } });
    const producer = new TerraformStack(app, 'network');
    if (local !== undefined) new TerraformLocal(producer, 'name', local);
    new GcsBackend(producer, { bucket: 'acme', prefix });
    const consumer = new TerraformStack(app, 'app');
    new GcsBackend(consumer, { bucket: 'acme', prefix: 'app' });
    const vpc = new TerraformResource(producer, 'vpc', { terraformResourceType: 'terraform_data' });
    new TerraformOutput(consumer, 'vpc', { value: vpc.getStringAttribute('id') });
    return { app, consumer };
  };

  test('carries a constant template opentofu evaluates alike in the consumer\'s run', () => {
    const { app, consumer } = crossStack('${substr("network", 0, 3)}');
    expect(synthError(app)).toBe('');
    const remote = Object.values(JSON.parse(Testing.synth(consumer)).data.terraform_remote_state)[0] as any;
    expect(remote.config.prefix).toBe('${substr("network", 0, 3)}');
  });

  test('fails if the producer\'s prefix reads a local of its own stack', () => {
    const { app } = crossStack('${local.name}', 'net');
    expect(synthError(app)).toContain('takes prefix from its own run or configuration (a value given at init, a config file, a variable or local of that stack)');
  });
});

describe('a refused construct leaves the tree usable', () => {
  test('the id is free again after the error', () => {
    const { producer } = twoStacks();
    expect(() => new OssBackend(producer, { ...OSS, assumeRoleSessionExpiration: 100 })).toThrow('assumeRoleSessionExpiration');
    expect(producer.node.tryFindChild('backend')).toBeUndefined();
    expect(() => new OssBackend(producer, OSS)).not.toThrow();
    // THEN the refused construct left nothing behind: no warning, one backend
    expect(warningsOf(producer)).toEqual([]);
    expect(() => Testing.synth(producer, true)).not.toThrow();
  });
});

describe('warnings of the runs: config files and overrides complete the block', () => {
  const LOCK_ENDPOINT = 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com';
  const BASE = { bucket: 'acme-tfstate', region: 'cn-hangzhou' };
  const idsOf = (warnings: string[]) => warnings.map((w) => /\[([^\]]+)\]$/.exec(w)?.[1]);

  test('a lock table every config file gives silences the block\'s lock warning', () => {
    // GIVEN the lock endpoint in the block and the table in each file (by field name, and by the tool's key)
    const { producer } = twoStacks();
    const backend = new OssBackend(producer, { ...BASE, lockStoreEndpoint: LOCK_ENDPOINT });
    backend.addConfigFile('prod', { lockStoreTable: 'tf_locks' });
    backend.addConfigFile('dev', { tablestore_table: 'tf_locks_dev' });
    // THEN no run misses its table
    expect(warningsOf(producer)).toEqual([]);
  });

  test('a lock endpoint every config file gives silences the block\'s endpoint warning', () => {
    const { producer } = twoStacks();
    new OssBackend(producer, { ...BASE, lockStoreTable: 'tf_locks' }).addConfigFile('prod', { tablestore_endpoint: LOCK_ENDPOINT });
    expect(warningsOf(producer)).toEqual([]);
  });

  test('a partner only some files give: the warning names the files whose runs lack it', () => {
    // GIVEN the table in prod.tfbackend only
    const { producer } = twoStacks();
    const backend = new OssBackend(producer, { ...BASE, lockStoreEndpoint: LOCK_ENDPOINT });
    backend.addConfigFile('prod', { lockStoreTable: 'tf_locks' });
    backend.addConfigFile('dev', { prefix: 'dev' });
    backend.addConfigFile('qa', { prefix: 'qa' });
    // THEN the runs of dev and qa are warned, each naming its file
    const warnings = warningsOf(producer);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^in dev\.tfbackend: lockStoreEndpoint is set without lockStoreTable; .* \[oss\/lock-endpoint-without-table\]$/);
    expect(warnings[1]).toMatch(/^in qa\.tfbackend: lockStoreEndpoint is set without lockStoreTable; .* \[oss\/lock-endpoint-without-table\]$/);
  });

  test('a file that leaves a rule\'s fields alone keeps the block\'s warning as it is', () => {
    const { producer } = twoStacks();
    new OssBackend(producer, { ...BASE, lockStoreEndpoint: LOCK_ENDPOINT }).addConfigFile('prod', { prefix: 'prod' });
    expect(warningsOf(producer)).toEqual([expect.stringMatching(/^lockStoreEndpoint is set without lockStoreTable; .* \[oss\/lock-endpoint-without-table\]$/)]);
  });

  test('a file that breaks the pair raises the warning for its run', () => {
    // GIVEN a block that locks, and a file whose table is "" (the tools read it as no table)
    const { producer } = twoStacks();
    new OssBackend(producer, { ...BASE, lockStoreEndpoint: LOCK_ENDPOINT, lockStoreTable: 'tf_locks' }).addConfigFile('prod', { lockStoreTable: '' });
    expect(warningsOf(producer)).toEqual([expect.stringMatching(/^in prod\.tfbackend: lockStoreEndpoint is set with lockStoreTable "", .* \[oss\/lock-endpoint-without-table\]$/)]);
  });

  test('any store: a partner the files give (an AzureRM OIDC pair)', () => {
    const { producer } = twoStacks();
    const az = { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'prod.terraform.tfstate', resourceGroupName: 'rg-tfstate', useOidc: true };
    new AzurermBackend(producer, { ...az, oidcRequestUrl: 'https://pipelines.actions.githubusercontent.com/token' })
      .addConfigFile('prod', { oidcRequestToken: 'placeholder' });
    // THEN the pair is complete in the run; only the file's literal secret is left, naming the file
    expect(idsOf(warningsOf(producer))).toEqual(['field/literal-secret']);
    expect(warningsOf(producer)[0]).toMatch(/^in prod\.tfbackend: oidcRequestToken is a secret/);
  });

  test('an override of a field counts as the block\'s value', () => {
    // GIVEN the table given by an override, or taken away by one ("")
    const given = twoStacks().producer;
    new OssBackend(given, { ...BASE, lockStoreEndpoint: LOCK_ENDPOINT }).addOverride('tablestore_table', 'tf_locks');
    const emptied = twoStacks().producer;
    new OssBackend(emptied, { ...BASE, lockStoreEndpoint: LOCK_ENDPOINT, lockStoreTable: 'tf_locks' }).addOverride('tablestore_table', '');
    // THEN the warnings are those of the block init sees
    expect(warningsOf(given)).toEqual([]);
    expect(idsOf(warningsOf(emptied))).toEqual(['oss/lock-endpoint-without-table']);
  });

  test('a stack override of the block counts too', () => {
    const { producer } = twoStacks();
    new OssBackend(producer, { ...BASE, lockStoreTable: 'tf_locks' });
    producer.addOverride('terraform.backend.oss.tablestore_endpoint', LOCK_ENDPOINT);
    expect(warningsOf(producer)).toEqual([]);
  });

  test('an override the library would refuse leaves the block\'s warnings (overrides are not checked for errors)', () => {
    const { producer } = twoStacks();
    const backend = new OssBackend(producer, { ...BASE, lockStoreEndpoint: LOCK_ENDPOINT });
    backend.addOverride('assume_role_session_expiration', 1);
    expect(idsOf(warningsOf(producer))).toEqual(['oss/lock-endpoint-without-table']);
    expect(() => Testing.synth(producer, true)).not.toThrow();
  });
});
