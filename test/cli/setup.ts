/**
 * The CLI suite's global set-up (test/cli/jest.config.json): each app is prepared once (the packed
 * library installed, the Java app compiled) for every test file, which copies it.
 */
import { prepareApps } from './support';

export default function setup(): void {
  prepareApps();
}
