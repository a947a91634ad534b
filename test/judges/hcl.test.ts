/**
 * The judges read the library's HCL output themselves (src/private/kit/hcl.ts; the parser-level
 * checks are test/unit/private/kit/hcl.test.ts): tricky strings in a backend block and in remote
 * states, and template directives, where the library and validate must agree.
 */
import { TerraformStack, Testing } from 'cdktf';
import { DataTerraformRemoteStateCos, DataTerraformRemoteStateGcs, OssBackend } from '../../src';
import { DIRECTIVES_INVALID, DIRECTIVES_VALID, TRICKY } from '../support/hcl-cases';
import { judge as judgeVerdict } from '../support/judge-verdict';
import { requireJudges, validate } from '../support/judges';
import { appFor } from '../support/stores';

const judges = requireJudges();

// (jest refuses an empty table: with no judge, the one skipped test says so)
const table = judges.length > 0 ? judges.map((j) => [j.name, j] as const) : [['no judge available', undefined] as const];
(judges.length > 0 ? test : test.skip).each(table)('%s reads the HCL files themselves', (_name, judge) => {
  // GIVEN a backend and remote states holding tricky strings, rendered as HCL for the judge's version
  const literal = TRICKY.filter((s) => !s.includes('${') && !s.includes('%{'));
  const producer = new TerraformStack(appFor(judge!.target), 'producer');
  new OssBackend(producer, { bucket: 'acme', assumeRolePolicy: literal.join('|'), prefix: 'env:' });
  const consumer = new TerraformStack(appFor(judge!.target), 'consumer');
  new DataTerraformRemoteStateCos(consumer, 'rs', {
    bucket: 'b-1250000000',
    region: 'ap-guangzhou',
    key: literal.filter((s) => s && !s.includes('/')).join('-') || 'k',
    assumeRole: { roleArn: 'qcs::cam::uin/1:roleName/x', sessionName: 's', policy: literal.join('|') },
  });

  // WHEN the judge validates them (backend blocks are parsed; remote-state config is checked)
  const backendResult = validate(judge!, { 'main.tf': Testing.synthHcl(producer) });
  const remoteResult = validate(judge!, { 'main.tf': Testing.synthHcl(consumer) });

  // THEN both are accepted
  expect(backendResult.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(remoteResult.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
});

const judge = judges.find((j) => j.tool === 'terraform');
(judge ? test : test.skip)('the library and validate agree on each template directive, in a remote state\'s workspace', () => {
  for (const workspace of [...DIRECTIVES_VALID, ...DIRECTIVES_INVALID]) {
    // GIVEN a remote state whose workspace is the template
    const stack = new TerraformStack(appFor(judge!.target), 'consumer');
    let refused = false;
    try {
      new DataTerraformRemoteStateGcs(stack, 'rs', { bucket: 'acme-b', workspace });
    } catch {
      refused = true;
    }
    // THEN the judge refuses exactly what the library refuses
    const doc = JSON.stringify({ data: { terraform_remote_state: { rs: { backend: 'gcs', workspace, config: { bucket: 'acme-b' } } } } });
    expect([workspace, refused]).toEqual([workspace, !judgeVerdict(judge!.binary, doc).accepted]);
  }
});
