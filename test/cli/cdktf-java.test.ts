/**
 * cdktf-cli 0.21.0 on a Maven project (test/cli/apps/java, `"app": "mvn ... compile exec:java"`) that
 * depends on the cdktf-state-backends artifact from dist/java; the library runs on Node.js 22
 * (test/cli/scenarios.ts).
 */
import { describeCliApp } from './scenarios';
import { APPS } from './support';

describeCliApp(APPS[2], 'cdktf-cli 0.21.0, Java (Maven)');
