/**
 * The CLI suite's global set-up (test/cli/jest.config.json): each app is prepared once (the packed
 * library installed, the Java app compiled) for every test file, which copies it. Only the apps of
 * the files the run selects are prepared: a run of one TypeScript app's file compiles no Java app.
 */
import * as fs from 'fs';
import * as path from 'path';
import { APPS, prepareApps } from './support';

export default function setup(globalConfig: { readonly testPathPatterns?: { readonly patterns?: readonly string[] } }): void {
  // (jest matches its path patterns, regular expressions, against each file's absolute path)
  const patterns = (globalConfig.testPathPatterns?.patterns ?? []).map((p) => new RegExp(p));
  const files = fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.ts')).map((f) => path.join(__dirname, f))
    .filter((f) => patterns.length === 0 || patterns.some((p) => p.test(f)));
  prepareApps(APPS.filter((app) => files.some((f) => path.basename(f).startsWith(`${app.framework}-${app.language}`))));
}
