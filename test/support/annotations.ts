import { IConstruct } from 'constructs';

/**
 * Warning texts recorded on `scope` and everything below it, in tree order. Warnings are shown at
 * synth (when validations run), so this runs the validations first, as `app.synth()` does.
 */
export function warningsOf(scope: IConstruct): string[] {
  const all = scope.node.findAll();
  all.forEach((c) => c.node.validate());
  return all.flatMap((c) => c.node.metadata.filter((m) => m.type === '@cdktf/warn').map((m) => String(m.data)));
}

/** The error `app.synth()` throws (validations included), or "" when it synthesizes. */
export function synthError(app: { synth(): void }): string {
  try {
    app.synth();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}
