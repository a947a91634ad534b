/**
 * The Go and Java suites' samples (test/go/samples_test.go, test/java/.../Samples.java) are
 * generated from the stores' field rows by scripts/samples.ts: this fails when they are stale.
 */
import * as fs from 'fs';
import { GO_SAMPLES, JAVA_SAMPLES, renderGoSamples, renderJavaSamples } from '../../scripts/samples';

describe('the samples of the Go and Java suites', () => {
  test.each([
    ['test/go/samples_test.go', GO_SAMPLES, renderGoSamples],
    ['Samples.java', JAVA_SAMPLES, renderJavaSamples],
  ])('%s is what the field rows render (run `npx projen samples` after changing a table)', (_name, file, render) => {
    // GIVEN the committed file WHEN rendered again from the stores THEN it is the same
    expect(fs.readFileSync(file, 'utf8')).toBe(render());
  });

  test('every field of every store has a Go constant and sits in a Go config builder', () => {
    const go = renderGoSamples();
    // THEN a field added to a table reaches the Go fixtures without an edit there
    expect(go).toMatch(/^\tgcsUniverseDomain\s+= "universe\.example\.com"$/m);
    expect(go).toContain('if on("universeDomain") && t.has("", "1.11.5") {');
  });
});
