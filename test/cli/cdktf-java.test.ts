/**
 * cdktf-cli 0.21.0 on a Maven project (test/cli/apps/java, `"app": "mvn ... compile exec:java"`) that
 * depends on the cdktf-state-backends artifact from dist/java; the library runs on Node.js 22
 * (test/cli/scenarios.ts).
 */
import { describeCliApp } from './scenarios';
import { describeStateMoves } from './state-moves';

const APP = { framework: 'cdktf', language: 'java', strictKey: 'cdktf-state-backends:strict' } as const;

describeCliApp(APP, 'cdktf-cli 0.21.0, Java (Maven)');
describeStateMoves(APP, 'gcs', 'cdktf-cli 0.21.0, Java (Maven): changing where state lives, on fake-gcs-server');
describeStateMoves(APP, 'azurerm', 'cdktf-cli 0.21.0, Java (Maven): changing where state lives, on Azurite');
