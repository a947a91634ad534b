/**
 * The CDK Terrain package's sources are generated from src/ by scripts/flavour.js and never
 * edited: this fails when packages/cdktn-state-backends/src is not what src/ gives today.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const flavour = require('../../scripts/flavour');

describe('the cdktn flavour', () => {
  const generated: Record<string, string> = flavour.cdktnSources();

  test('packages/cdktn-state-backends/src is what src/ generates (run `npx projen cdktn:generate` if not)', () => {
    // GIVEN the sources generated from src/ WHEN compared with the package's THEN nothing differs
    expect(flavour.drift(flavour.OUT, generated)).toEqual([]);
  });

  test('every source file is generated, importing cdktn and never cdktf', () => {
    const sources = fs.readdirSync(path.join(__dirname, '..', '..', 'src'), { recursive: true }) as string[];
    expect(Object.keys(generated).sort()).toEqual(sources.filter((f) => f.endsWith('.ts')).sort());
    const imports = Object.values(generated).flatMap((text) => [...text.matchAll(/from '(cdkt[fn])(\/[^']*)?'/g)].map((m) => m[1]));
    expect(new Set(imports)).toEqual(new Set(['cdktn']));
    expect(generated[path.join('private', 'target', 'flavour.ts')]).toContain("export const FRAMEWORK: string = 'cdktn';");
    expect(generated[path.join('private', 'framework', 'cdktf-internals.ts')]).toContain("import { deepMerge as frameworkDeepMerge } from 'cdktn/lib/util';");
    expect(generated[path.join('private', 'target', 'target.ts')]).toContain("export const TARGET_CONTEXT_KEY = 'cdktn-state-backends:target';");
  });

  test('the check can fail: a changed, a missing and an extra file are reported', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flavour-'));
    flavour.writeTree(dir, generated);
    fs.appendFileSync(path.join(dir, 'index.ts'), '// edited by hand\n');
    fs.rmSync(path.join(dir, 'target.ts'));
    fs.writeFileSync(path.join(dir, 'extra.ts'), '');
    expect(flavour.drift(dir, generated)).toEqual(['extra.ts', 'index.ts', 'target.ts']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('fails if a rule no longer matches anything in the sources', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flavour-'));
    fs.writeFileSync(path.join(dir, 'index.ts'), "import { App } from 'cdktf';\n");
    expect(() => flavour.rewriteTree(dir, '.ts', flavour.TS_RULES, '')).toThrow(/matched package name, flavour marker; update the rules/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
