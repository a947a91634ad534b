/** The CLI suite's global tear-down: the apps test/cli/setup.ts prepared are removed. */
import * as fs from 'fs';

export default function teardown(): void {
  const dir = process.env.STATE_BACKENDS_CLI_APPS;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
