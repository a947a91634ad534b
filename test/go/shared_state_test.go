package tests

import (
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

// One state object per stack, from Go: two stacks with the same backend settings fail the app's
// synth naming both; CosBackend_ForEachStack gives every stack its own prefix in one bucket.
func TestSharedState(t *testing.T) {
	t.Run("fails if two stacks share one state object", func(t *testing.T) {
		app := newApp(terraform1114)
		network := cdktf.NewTerraformStack(app, jsii.String("network"))
		database := cdktf.NewTerraformStack(app, jsii.String("database"))
		for _, stack := range []cdktf.TerraformStack{network, database} {
			sb.NewCosBackend(stack, &sb.CosBackendConfig{
				Bucket: jsii.String("tfstate-1250000000"), Region: jsii.String("ap-guangzhou"),
			})
		}
		// database reads network's outputs: one run, one workspace
		vpc := cdktf.NewTerraformResource(network, jsii.String("vpc"), &cdktf.TerraformResourceConfig{TerraformResourceType: jsii.String("terraform_data")})
		cdktf.NewTerraformOutput(database, jsii.String("vpc"), &cdktf.TerraformOutputConfig{Value: vpc.GetStringAttribute(jsii.String("id"))})
		message := refused(t, func() { app.Synth() })
		assertContains(t, message, `stacks "network" and "database" keep their state in one object: cos bucket="tfstate-1250000000", object "terraform.tfstate"`)
		assertContains(t, message, "[stack/shared-state]")
	})
	t.Run("ForEachStack gives every stack its own prefix", func(t *testing.T) {
		app := newApp(terraform1114)
		network := cdktf.NewTerraformStack(app, jsii.String("network"))
		cdktf.NewTerraformStack(app, jsii.String("database"))
		made := sb.CosBackend_ForEachStack(app, &sb.CosBackendConfig{
			Bucket: jsii.String("tfstate-1250000000"), Region: jsii.String("ap-guangzhou"), Prefix: jsii.String("envs"),
		})
		paths := []string{}
		for _, b := range *made {
			paths = append(paths, *b.Node().Path())
		}
		if strings.Join(paths, ",") != "network/backend,database/backend" {
			t.Fatalf("backends made: %v", paths)
		}
		assertContains(t, *cdktf.Testing_Synth(network, nil), `"prefix": "envs/network"`)
		app.Synth()
	})
}
