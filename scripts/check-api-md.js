// Fails when API.md is not what jsii-docgen renders from the compiled .jsii (run `npx projen docgen`).
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'apimd-')), 'API.md');
execFileSync('jsii-docgen', ['-o', tmp], { stdio: 'inherit' });
if (fs.readFileSync(tmp, 'utf8') !== fs.readFileSync('API.md', 'utf8')) {
  console.error('API.md is stale: run `npx projen compile && npx projen docgen` and commit API.md');
  process.exit(1);
}
console.log('API.md matches the compiled API');
