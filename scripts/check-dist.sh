#!/usr/bin/env bash
# Installs every artifact in dist/ (both flavours, `npx projen package-all`) into a clean consumer,
# as a user would, and synthesizes one stack with it: the npm tarball into a fresh npm project, the
# Maven artifact from dist/java used as a file repository, the wheel into a fresh venv, the Go
# module through a `replace` in a fresh module. Each consumer asserts the backend it synthesized.
#
#   scripts/check-dist.sh [cdktf|cdktn ...]
#
# Consumers are built in a temporary directory and removed afterwards. The frameworks come from the
# registries (npm, PyPI), except two bindings the registries reachable here lack, built from the npm
# packages as the suites do: the framework's Maven artifact (jsii-pacmak into node_modules/<fw>/dist/java)
# and its Go module (scripts/go-bindings.sh).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
version=$(node -p "require('$root/package.json').version")
flavours=("$@")
[ ${#flavours[@]} -gt 0 ] || flavours=(cdktf cdktn)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GOTOOLCHAIN=local JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION=20 CHECKPOINT_DISABLE=1
# npm must not pick the repository's workspace up from the consumers' directories.
export npm_config_workspaces=false

for fw in "${flavours[@]}"; do
  lib="$fw-state-backends"
  module="${fw}_state_backends"
  gopkg="${fw}statebackends"
  case $fw in
    cdktf) fwVersion=0.21.0 javaFw="com.hashicorp:cdktf" javaPkg=io.github.statebackends javaImport=com.hashicorp.cdktf
      goFw=github.com/hashicorp/terraform-cdk-go/cdktf ;;
    cdktn) fwVersion=$(node -p "require('$root/packages/cdktn-state-backends/node_modules/cdktn/package.json').version") javaFw="io.cdktn:cdktn"
      javaPkg=io.github.statebackends.cdktn javaImport=io.cdktn.cdktn goFw=github.com/open-constructs/cdk-terrain-go/cdktn ;;
    *) echo "check-dist: unknown flavour $fw" >&2; exit 2 ;;
  esac

  echo "== $lib $version: npm"
  tgz="$root/dist/js/$lib@$version.jsii.tgz"
  [ -f "$tgz" ] || { echo "check-dist: $tgz is missing (run npx projen package-all)" >&2; exit 1; }
  mkdir -p "$work/$fw/npm" && cd "$work/$fw/npm"
  echo '{ "name": "consumer", "private": true }' > package.json
  npm install --no-audit --no-fund --loglevel=error "$tgz" "$fw@$fwVersion" >/dev/null
  node -e "
    const { Testing, TerraformStack } = require('$fw');
    const { GcsBackend } = require('$lib');
    const stack = new TerraformStack(Testing.app(), 'consumer');
    new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: 'net' });
    const gcs = JSON.parse(Testing.synth(stack)).terraform.backend.gcs;
    if (gcs.bucket !== 'acme-tfstate' || gcs.prefix !== 'net') throw new Error('npm consumer synthesized ' + JSON.stringify(gcs));
    console.log('npm: synthesized terraform.backend.gcs ' + JSON.stringify(gcs));
  "

  echo "== $lib $version: Maven"
  fwRepo=$(cd "$root" && node -p "require('path').dirname(require.resolve('$fw/package.json', { paths: ['$root/packages/$lib'] }))")/dist/java
  mkdir -p "$work/$fw/maven/src/main/java/consumer" && cd "$work/$fw/maven"
  cat > pom.xml <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>consumer</groupId><artifactId>consumer</artifactId><version>1</version>
  <properties><maven.compiler.release>17</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <repositories>
    <repository><id>dist</id><url>file://$root/dist/java</url></repository>
    <repository><id>framework</id><url>file://$fwRepo</url></repository>
  </repositories>
  <dependencies>
    <dependency><groupId>io.github.statebackends</groupId><artifactId>$lib</artifactId><version>$version</version></dependency>
    <dependency><groupId>${javaFw%%:*}</groupId><artifactId>${javaFw##*:}</artifactId><version>$fwVersion</version></dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      <plugin><groupId>org.codehaus.mojo</groupId><artifactId>exec-maven-plugin</artifactId><version>3.5.0</version>
        <configuration><mainClass>consumer.Main</mainClass></configuration></plugin>
    </plugins>
  </build>
</project>
POM
  cat > src/main/java/consumer/Main.java <<JAVA
package consumer;

import $javaImport.Testing;
import $javaImport.TerraformStack;
import $javaPkg.OssBackend;

public final class Main {
    public static void main(final String[] args) {
        final TerraformStack stack = new TerraformStack(Testing.app(), "consumer");
        OssBackend.Builder.create(stack).bucket("acme-tfstate").lockStoreTable("locks").build();
        final String json = Testing.synth(stack);
        if (!json.contains("\"tablestore_table\": \"locks\"")) throw new IllegalStateException("Maven consumer synthesized " + json);
        System.out.println("Maven: synthesized terraform.backend.oss with tablestore_table");
    }
}
JAVA
  mvn -B -q compile exec:java

  echo "== $lib $version: pip"
  wheel=$(ls "$root"/dist/python/"${module}"-"$version"-*.whl)
  python3 -m venv "$work/$fw/venv"
  "$work/$fw/venv/bin/pip" install --quiet --disable-pip-version-check "$wheel"
  "$work/$fw/venv/bin/python" - <<PY
import json
from $fw import Testing, TerraformStack
from $module import CosBackend
stack = TerraformStack(Testing.app(), "consumer")
CosBackend(stack, bucket="acme-tfstate-1250000000", region="ap-guangzhou")
cos = json.loads(Testing.synth(stack))["terraform"]["backend"]["cos"]
assert cos == {"bucket": "acme-tfstate-1250000000", "region": "ap-guangzhou"}, cos
print("pip: synthesized terraform.backend.cos", json.dumps(cos))
PY

  echo "== $lib $version: go"
  bash "$root/scripts/go-bindings.sh" "$fw" >/dev/null
  mkdir -p "$work/$fw/go" && cd "$work/$fw/go"
  cat > go.mod <<MOD
module consumer

go 1.25

require $goFw v$fwVersion
require github.com/statebackends/$lib-go/$gopkg v$version

replace (
	$goFw => $root/.go-bindings/$fw
	github.com/statebackends/$lib-go/$gopkg => $root/dist/go/$gopkg
	github.com/aws/constructs-go/constructs/v10 v10.6.0 => github.com/aws/constructs-go/constructs/v10 v10.8.1
)
MOD
  cat > main.go <<GO
package main

import (
	"encoding/json"
	"fmt"

	"github.com/aws/jsii-runtime-go"
	fw "$goFw"
	sb "github.com/statebackends/$lib-go/$gopkg"
)

func main() {
	stack := fw.NewTerraformStack(fw.Testing_App(nil), jsii.String("consumer"))
	sb.NewAzurermBackend(stack, &sb.AzurermBackendConfig{
		StorageAccountName: jsii.String("acmetfstate"), ContainerName: jsii.String("tfstate"), Key: jsii.String("net.tfstate")})
	var doc map[string]map[string]map[string]map[string]any
	if err := json.Unmarshal([]byte(*fw.Testing_Synth(stack, nil)), &doc); err != nil {
		panic(err)
	}
	az := doc["terraform"]["backend"]["azurerm"]
	if az["container_name"] != "tfstate" || az["key"] != "net.tfstate" || az["storage_account_name"] != "acmetfstate" {
		panic(fmt.Sprintf("go consumer synthesized %v", az))
	}
	fmt.Printf("go: synthesized terraform.backend.azurerm %v\n", az)
}
GO
  GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1
  go build -o consumer . && ./consumer
done
echo "check-dist: every artifact of ${flavours[*]} $version installed into a clean consumer and synthesized a stack"
