/**
 * Writes the outcome of a fixed set of StateEncryption configs, one JSON line each: the error
 * message, or the encryption block (JSON and HCL) and the warnings. Every sample field of every key
 * provider and method is left out and set to odd values, for several targets. Run it before and
 * after a restructure of the encryption code and `cmp` the files: the same bytes show the
 * behaviour unchanged (the backends have FUZZ_DUMP in test/support/fuzz-suite.ts).
 *
 *   npx ts-node -P tsconfig.dev.json scripts/encryption-dump.ts <out.jsonl>
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { EncryptionKeyProvider, EncryptionMethod, StateEncryption } from '../src';
import { TARGET_CONTEXT_KEY, DEFAULT_TARGET } from '../src/private/target/target';
import { warningsOf } from '../test/support/annotations';
import { PASSPHRASE, SAMPLES } from '../test/support/encryption-samples';

const TARGETS = ['opentofu@1.7.0', 'opentofu@1.9.0', 'opentofu@1.10.0', 'opentofu@1.12.6', 'opentofu@1.13.0', `terraform@${DEFAULT_TARGET.version}`];
const ODD: unknown[] = [42, -1, 'x', '', true, ['x'], [1, 300], [], {}, { a: 'b' }, '${var.v}', '%{ if }', '$${x}', 'q83vEjRWeJq83vEjRWeJ/w=='];

type Factory = (name: string, props: any) => EncryptionKeyProvider;
const PROVIDERS: Record<string, Factory> = {
  pbkdf2: EncryptionKeyProvider.pbkdf2,
  aws_kms: EncryptionKeyProvider.awsKms,
  gcp_kms: EncryptionKeyProvider.gcpKms,
  openbao: EncryptionKeyProvider.openBao,
  azure_vault: EncryptionKeyProvider.azureVault,
  external: EncryptionKeyProvider.external,
};

function variants(base: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  const out: Array<[string, Record<string, unknown>]> = [['sample', base]];
  for (const field of Object.keys(base)) {
    const { [field]: _left, ...rest } = base;
    out.push([`without ${field}`, rest]);
    for (const v of ODD) out.push([`${field} = ${JSON.stringify(v)}`, { ...base, [field]: v }]);
  }
  return out;
}

function outcome(target: string, build: (stack: TerraformStack) => void): unknown {
  const app = new App({ context: { [TARGET_CONTEXT_KEY]: target } });
  const stack = new TerraformStack(app, 'producer');
  new TerraformVariable(stack, 'v', { type: 'string' });
  try {
    build(stack);
    return [JSON.parse(Testing.synth(stack)).terraform.encryption ?? null, Testing.synthHcl(stack), warningsOf(stack)];
  } catch (e) {
    return (e as Error).message;
  }
}

const lines: string[] = [];
for (const target of TARGETS) {
  for (const [type, factory] of Object.entries(PROVIDERS)) {
    for (const [variant, props] of variants(SAMPLES[`key_provider.${type}`] ?? {})) {
      lines.push(JSON.stringify([target, `key_provider.${type}`, variant, outcome(target, (stack) => {
        const keys = factory('main', props);
        const method = EncryptionMethod.aesGcm('main', { keys });
        new StateEncryption(stack, { keyProviders: [keys], methods: [method], state: { method } });
      })]));
    }
  }
  const methods: Record<string, (props: any) => EncryptionMethod> = {
    aes_gcm: (props) => EncryptionMethod.aesGcm('main', props),
    external: (props) => EncryptionMethod.external('main', props),
  };
  for (const [type, make] of Object.entries(methods)) {
    const base = { ...(SAMPLES[`method.${type}`] ?? {}), keys: EncryptionKeyProvider.pbkdf2('k', { passphrase: PASSPHRASE }) };
    for (const [variant, props] of variants(base)) {
      lines.push(JSON.stringify([target, `method.${type}`, variant, outcome(target, (stack) => {
        const method = make(props);
        new StateEncryption(stack, { methods: [method], plan: { method, enforced: true }, remoteStateDefault: { method } });
      })]));
    }
  }
  lines.push(JSON.stringify([target, 'method.unencrypted', 'fallback', outcome(target, (stack) => {
    const keys = EncryptionKeyProvider.pbkdf2('k', { passphrase: PASSPHRASE });
    const method = EncryptionMethod.aesGcm('main', { keys });
    new StateEncryption(stack, { state: { method, fallbacks: [EncryptionMethod.unencrypted('migrate')] } });
  })]));
}
// The samples name this checkout's files and node: written as placeholders, two checkouts' dumps compare.
const text = lines.join('\n').split(path.resolve(__dirname, '..')).join('<repo>').split(process.execPath).join('<node>');
fs.writeFileSync(process.argv[2], text + '\n');
console.log(`encryption-dump: ${lines.length} configs written to ${process.argv[2]}`);
