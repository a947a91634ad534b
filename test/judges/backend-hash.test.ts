/**
 * The hash each judge records of the backend block its last init read (src/private/kit/backend-hash.ts):
 * an offline `init` given -backend-config values that differ from the block's writes
 * `.terraform/terraform.tfstate` (before its first request fails, or without one), whose `hash`
 * must be the one the library computes from the block and the record's keys.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { backendBlockHash } from '../../src/private/kit/backend-hash';
import { describeEachJudge, judgeEnv, requireJudges, runJudge } from '../support/judges';

const BLOCKS: ReadonlyArray<{ type: string; block: Record<string, unknown>; given: string[] }> = [
  { type: 'local', block: { path: 'a/network.tfstate' }, given: ['-backend-config=path=b/override.tfstate'] },
  // strings, a bool and a number; its first request (to an unreachable address) fails after the record is written
  { type: 'http', block: { address: 'http://127.0.0.1:1/state', skip_cert_verification: true, retry_max: 0, update_method: 'PUT' }, given: ['-backend-config=retry_max=1'] },
];

describeEachJudge('the recorded hash of the backend block', requireJudges(), (judge) => {
  test.each(BLOCKS.map((b) => [b.type, b] as const))('%s: the record\'s hash is the block\'s, not the values init was given', (_type, { type, block, given }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${judge.tool}-hash-`));
    fs.writeFileSync(path.join(dir, 'main.tf.json'), JSON.stringify({ terraform: { backend: { [type]: block } } }));
    runJudge(judge.binary, ['init', '-input=false', '-no-color', ...given], { cwd: dir, env: judgeEnv() });
    const recorded = JSON.parse(fs.readFileSync(path.join(dir, '.terraform', 'terraform.tfstate'), 'utf8')).backend;
    // THEN the record holds the given value, and the hash of the block alone
    expect(JSON.stringify(recorded.config)).not.toBe(JSON.stringify({ ...recorded.config, ...block }));
    expect(backendBlockHash(type, Object.keys(recorded.config), recorded.config, block)).toBe(recorded.hash);
  });
});
