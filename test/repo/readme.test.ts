/**
 * The README's TypeScript snippets compile against the package and run; its tables of the address
 * model are the model's (src/private/address/address-model.ts).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { addressModelMarkdown } from '../../src/private/address/address-model';

const ROOT = path.join(__dirname, '..', '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const SNIPPETS = [...README.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);

const FIXTURE = `import { App, TerraformOutput, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import * as lib from 'cdktf-state-backends';
const { GcsBackend, CosBackend, OssBackend, AzurermBackend, StateBackendError, StateBackendErrors, StateBackendTarget, StateBackendValue, StateBackendWarnings } = lib;
const { DataTerraformRemoteStateGcs, DataTerraformRemoteStateCos, DataTerraformRemoteStateOss, DataTerraformRemoteStateAzurerm } = lib;
const { StateEncryption, EncryptionKeyProvider, EncryptionMethod } = lib;
const { GcsStateBucket, CosStateBucket, OssStateBucket, AzurermStateContainer } = lib;
void [GcsStateBucket, CosStateBucket, OssStateBucket, AzurermStateContainer];
void [App, TerraformOutput, TerraformVariable, GcsBackend, CosBackend, OssBackend, AzurermBackend, StateBackendError, StateBackendErrors, StateBackendTarget, StateBackendValue, StateBackendWarnings];
void [DataTerraformRemoteStateGcs, DataTerraformRemoteStateCos, DataTerraformRemoteStateOss, DataTerraformRemoteStateAzurerm];
void [StateEncryption, EncryptionKeyProvider, EncryptionMethod];
export function run(): string {
  const stack = new TerraformStack(Testing.app(), 'readme');
  {
`;

describe('README snippets', () => {
  const dir = fs.mkdtempSync(path.join(ROOT, 'test', '.readme-'));
  const files = SNIPPETS.map((code, i) => {
    const file = path.join(dir, `snippet${i}.ts`);
    fs.writeFileSync(file, `${FIXTURE}${code}\n  }\n  return Testing.synth(stack);\n}\n`);
    return file;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('there are snippets for every store and the target helper', () => {
    for (const name of ['GcsBackend', 'DataTerraformRemoteStateCos', 'OssBackend', 'DataTerraformRemoteStateAzurerm', 'StateBackendTarget', 'StateBackendWarnings', 'StateEncryption', 'GcsStateBucket']) {
      expect(SNIPPETS.some((s) => s.includes(name))).toBe(true);
    }
  });

  test('they type-check', () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.dev.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const program = ts.createProgram(files, { ...config.options, noEmit: true, noUnusedLocals: false });
    // (the snippets' own diagnostics: the sources they import are tsc's to type-check; asking for
    // theirs here too doubled the time)
    const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(),
      ...files.map((f) => program.getSourceFile(f)!)
        .flatMap((sf) => [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)])];
    const problems = diagnostics.map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });

  test.each(files.map((f, i) => [i, f]))('snippet %d runs', (_i, file) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { run } = require(file);
    expect(() => run()).not.toThrow();
  });
});

test('README "One state object per stack" prints the address model\'s tables as the code holds them', () => {
  expect(README).toContain(addressModelMarkdown());
});

test('every deploy command in the README runs without a terminal: each carries --auto-approve', () => {
  // GIVEN each `cdktf deploy` / `cdktn deploy` command in the README's shell blocks, and in its inline code where it names stacks (not the command alone)
  const shellLines = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1].split('\n'));
  const inline = [...README.matchAll(/`([^`\n]*\bcdkt[fn] deploy [^`\n]+)`/g)].map((m) => m[1]);
  const commands = [...shellLines, ...inline].map((l) => l.replace(/\s+#.*$/, '')).filter((l) => /\bcdkt[fn] deploy\b/.test(l));
  // THEN there are some, and none waits for an approval a CI job cannot give ("Raw mode is not supported")
  expect(commands.length).toBeGreaterThan(3);
  expect(commands.filter((c) => !/--auto-approve\b/.test(c))).toEqual([]);
});
