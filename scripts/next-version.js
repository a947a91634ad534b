// `bump:next-version` for projen's bump: prints the version of the first release (0.1.0) when no
// release tag exists yet, and nothing afterwards, so the bump derived from the conventional commits
// since the last tag applies (feat: minor, fix: patch, a breaking change: major).
const { execFileSync } = require('child_process');

const tag = process.env.LATEST_TAG;
let tagged = false;
if (tag) {
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `refs/tags/${tag}`], { stdio: 'ignore' });
    tagged = true;
  } catch {
    tagged = false;
  }
}
if (!tagged) process.stdout.write('0.1.0');
