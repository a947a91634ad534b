// Fails with an install hint when the JDK or Maven is missing; the Java suite needs both.
const { spawnSync } = require('child_process');

const missing = [];
for (const [cmd, args, what] of [
  ['java', ['-version'], 'a JDK 17 or newer (e.g. `apt-get install openjdk-17-jdk-headless`)'],
  ['javac', ['-version'], 'a JDK 17 or newer (javac; a JRE is not enough)'],
  ['mvn', ['-v'], 'Apache Maven 3.8 or newer (e.g. `apt-get install maven`)'],
]) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error || r.status !== 0) missing.push(`- ${cmd} not found: install ${what}`);
}
if (missing.length > 0) {
  console.error(['The Java suite needs a JDK and Maven on PATH:', ...missing].join('\n'));
  process.exit(1);
}
