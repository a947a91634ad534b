// A two-stack app, synthesized without a cloud account or the cdktf CLI:
//
//   - state: keeps its state in Alibaba Cloud OSS, locked through a TableStore table.
//   - app: keeps its own state in the same bucket and reads two other configurations' state, one
//     in Tencent Cloud COS and one in Azure Blob Storage, re-exporting two of their outputs.
//
// Credentials stay out of the code: the Terraform run takes them from the environment
// (ALICLOUD_ACCESS_KEY/ALICLOUD_SECRET_KEY, TENCENTCLOUD_SECRET_ID/TENCENTCLOUD_SECRET_KEY, ARM_* or OIDC).
//
// Like every jsii language binding, the module runs the library's JavaScript in a Node.js process.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

const bucket = "acme-tfstate"

// ossBackend is the OSS backend both stacks use, with a TableStore lock table; only the key differs.
func ossBackend(stack cdktf.TerraformStack, key string) sb.OssBackend {
	return sb.NewOssBackend(stack, &sb.OssBackendConfig{
		Bucket:                jsii.String(bucket),
		Region:                jsii.String("cn-hangzhou"),
		Prefix:                jsii.String("env:"),
		Key:                   jsii.String(key),
		Encrypt:               jsii.Bool(true),
		Acl:                   jsii.String("private"),
		LockStoreEndpoint:     jsii.String("https://acme-lock.cn-hangzhou.ots.aliyuncs.com"),
		LockStoreTable:        jsii.String("terraform_lock"),
		AssumeRoleRoleArn:     jsii.String("acs:ram::1000000000000001:role/terraform"),
		AssumeRoleSessionName: jsii.String("cdktf-example"),
	})
}

func main() {
	outdir, err := filepath.Abs("cdktf.out")
	if err != nil {
		panic(err)
	}
	app := cdktf.NewApp(&cdktf.AppConfig{Outdir: jsii.String(outdir)})
	// The library's default target is the newest Terraform it knows; pin yours before adding stacks:
	// sb.StateBackendTarget_Terraform(jsii.String("1.11.4")).ApplyTo(app)

	state := cdktf.NewTerraformStack(app, jsii.String("state"))
	ossBackend(state, "state/terraform.tfstate")
	cdktf.NewTerraformOutput(state, jsii.String("lock_table"), &cdktf.TerraformOutputConfig{Value: jsii.String("terraform_lock")})

	application := cdktf.NewTerraformStack(app, jsii.String("app"))
	ossBackend(application, "app/terraform.tfstate")
	network := sb.NewDataTerraformRemoteStateCos(application, jsii.String("network"), &sb.DataTerraformRemoteStateCosConfig{
		Bucket:    jsii.String("tfstate-1250000000"),
		Region:    jsii.String("ap-guangzhou"),
		Prefix:    jsii.String("env:"),
		Key:       jsii.String("network/terraform.tfstate"),
		Encrypt:   jsii.Bool(true),
		Workspace: jsii.String("production"),
		Defaults:  &map[string]interface{}{"vpc_id": "vpc-not-yet-created"},
	})
	shared := sb.NewDataTerraformRemoteStateAzurerm(application, jsii.String("shared"), &sb.DataTerraformRemoteStateAzurermConfig{
		StorageAccountName: jsii.String("acmetfstate"),
		ContainerName:      jsii.String("tfstate"),
		Key:                jsii.String("shared.terraform.tfstate"),
		ResourceGroupName:  jsii.String("rg-tfstate"),
		SubscriptionId:     jsii.String("00000000-0000-0000-0000-000000000001"),
		UseDirectoryAuth:   jsii.Bool(true),
		UseOidc:            jsii.Bool(true),
	})
	cdktf.NewTerraformOutput(application, jsii.String("vpc_id"), &cdktf.TerraformOutputConfig{Value: network.GetString(jsii.String("vpc_id"))})
	cdktf.NewTerraformOutput(application, jsii.String("dns_zone"), &cdktf.TerraformOutputConfig{Value: shared.GetString(jsii.String("dns_zone_name"))})

	app.Synth()

	fmt.Printf("target %s, written to %s\n", *sb.StateBackendTarget_Of(app).ToString(), outdir)
	for _, name := range []string{"state", "app"} {
		printStack(outdir, name)
	}
}

// printStack prints a stack's backend, remote states and outputs from what was written to disk.
func printStack(outdir, name string) {
	var stack struct {
		Terraform struct {
			Backend map[string]map[string]any `json:"backend"`
		} `json:"terraform"`
		Data struct {
			RemoteState map[string]struct {
				Backend   string         `json:"backend"`
				Workspace string         `json:"workspace"`
				Config    map[string]any `json:"config"`
			} `json:"terraform_remote_state"`
		} `json:"data"`
		Output map[string]struct {
			Value any `json:"value"`
		} `json:"output"`
	}
	body, err := os.ReadFile(filepath.Join(outdir, "stacks", name, "cdk.tf.json"))
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(body, &stack); err != nil {
		panic(err)
	}
	fmt.Printf("\nstack %s\n", name)
	for _, kind := range sortedKeys(stack.Terraform.Backend) {
		fmt.Printf("  backend %s: %s\n", kind, attributes(stack.Terraform.Backend[kind]))
	}
	for _, id := range sortedKeys(stack.Data.RemoteState) {
		rs := stack.Data.RemoteState[id]
		workspace := ""
		if rs.Workspace != "" {
			workspace = ", workspace " + rs.Workspace
		}
		fmt.Printf("  remote state %s (%s%s): %s\n", id, rs.Backend, workspace, attributes(rs.Config))
	}
	for _, id := range sortedKeys(stack.Output) {
		fmt.Printf("  output %s = %v\n", id, stack.Output[id].Value)
	}
}

func attributes(block map[string]any) string {
	parts := []string{}
	for _, k := range sortedKeys(block) {
		parts = append(parts, fmt.Sprintf("%s=%v", k, block[k]))
	}
	return strings.Join(parts, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
